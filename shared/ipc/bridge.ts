import {
  channels,
  type Channel,
  type ChannelInput,
  type ChannelOutput,
  type EventName,
  type Events,
} from './contract';
import type { IpcResult } from './errors';

type CamelCase<S extends string> = S extends `${infer H}-${infer T}`
  ? `${H}${Capitalize<CamelCase<T>>}`
  : S;
type AreaOf<C extends string> = C extends `${infer A}:${string}` ? A : never;
type ArgsOf<C extends Channel> =
  Record<string, never> extends ChannelInput<C>
    ? [input?: ChannelInput<C>]
    : [input: ChannelInput<C>];

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
      const result = await transport.invoke(channel, input);
      if (!result.ok) throw result.error;
      return result.value;
    };
  }
  const on = (event: EventName, listener: (payload: never) => void) =>
    transport.subscribe(event, listener as (payload: unknown) => void);
  return { ...areas, on } as unknown as Bridge;
}
