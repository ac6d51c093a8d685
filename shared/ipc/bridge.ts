import {
  channels,
  downloadChannels,
  uploadChannels,
  type Channel,
  type ChannelInput,
  type ChannelOutput,
  type DownloadChannel,
  type EventName,
  type Events,
  type UploadChannel,
} from './contract';
import type { IpcResult } from './errors';

type CamelCase<S extends string> = S extends `${infer H}-${infer T}`
  ? `${H}${Capitalize<CamelCase<T>>}`
  : S;
type AreaOf<C extends string> = C extends `${infer A}:${string}` ? A : never;
/** What the page passes for an upload: the `File` itself; the host finds its bytes. */
export type UploadInput<C extends UploadChannel> = Omit<ChannelInput<C>, 'path' | 'size'> & {
  file: Blob;
};
type BridgeInput<C extends Channel> = C extends UploadChannel ? UploadInput<C> : ChannelInput<C>;
type ArgsOf<C extends Channel> =
  Record<string, never> extends BridgeInput<C> ? [input?: BridgeInput<C>] : [input: BridgeInput<C>];

/** `window.wordbench`: one method per channel, grouped by area (`settings:set-api-key` -> `settings.setApiKey`). */
export type Bridge = {
  [A in AreaOf<Channel>]: {
    [C in Channel as C extends `${A}:${infer V}` ? CamelCase<V> : never]: (
      ...args: ArgsOf<C>
    ) => Promise<ChannelOutput<C>>;
  };
} & {
  /** Subscribes to a push from the main process; returns the unsubscribe function. */
  on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void;
};

/** How a host moves one call and its pushes; the bridge is the same on top of either. */
export interface BridgeTransport {
  invoke(channel: Channel, input: unknown): Promise<IpcResult<unknown>>;
  /** Sends `file`'s bytes with the input (desktop: as its path; browser: streamed). */
  upload(
    channel: UploadChannel,
    input: Record<string, unknown>,
    file: Blob,
  ): Promise<IpcResult<unknown>>;
  /** Starts a download (desktop: save dialog in the main process; browser: a normal download). */
  download(channel: DownloadChannel, input: unknown): Promise<IpcResult<unknown>>;
  subscribe(event: EventName, listener: (payload: unknown) => void): () => void;
}

export function methodName(channel: Channel): { area: string; method: string } {
  const [area = '', verb = ''] = channel.split(':');
  return { area, method: verb.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()) };
}

/**
 * Builds the bridge from the contract. Failed calls reject with the plain `IpcError` object, which
 * crosses contextBridge intact (an Error instance would lose its fields).
 */
export function createBridge(transport: BridgeTransport): Bridge {
  const areas: Record<string, Record<string, (input?: unknown) => Promise<unknown>>> = {};
  for (const channel of channels) {
    const { area, method } = methodName(channel);
    areas[area] ??= {};
    areas[area][method] = async (input: unknown = {}) => {
      const result = await call(transport, channel, input);
      if (!result.ok) throw result.error;
      return result.value;
    };
  }
  const on = (event: EventName, listener: (payload: never) => void) =>
    transport.subscribe(event, listener as (payload: unknown) => void);
  return { ...areas, on } as unknown as Bridge;
}

function call(transport: BridgeTransport, channel: Channel, input: unknown) {
  if (isUploadChannel(channel)) {
    const { file, ...rest } = input as { file: Blob } & Record<string, unknown>;
    return transport.upload(channel, rest, file);
  }
  if (isDownloadChannel(channel)) return transport.download(channel, input);
  return transport.invoke(channel, input);
}

export const isUploadChannel = (channel: string): channel is UploadChannel =>
  (uploadChannels as readonly string[]).includes(channel);
export const isDownloadChannel = (channel: string): channel is DownloadChannel =>
  (downloadChannels as readonly string[]).includes(channel);
