/** The peers benchmark's input and results, and what each peer implements. */

export interface PeerInput {
  units: { source: string; target: string }[];
  queries: string[];
  thresholds: number[] /* percentages, e.g. 50, 70, 75 */;
  limit: number;
}
export interface PeerResult {
  name: string;
  setupMs: number;
  byThreshold: Record<
    number,
    {
      latenciesMs: number[];
      hits: number[][] /* per query: indexes into units of what the peer returned, best first */;
    }
  >;
  notes: string[];
}

export type PeerName = 'pg_trgm' | 'tmserver';

/** A peer: started and loaded once, then queried one threshold at a time. */
export interface Runner {
  readonly notes: string[];
  setup(units: PeerInput['units']): Promise<void>;
  prepareThreshold(threshold: number, limit: number): Promise<void>;
  lookup(
    text: string,
    threshold: number,
    limit: number,
  ): Promise<{ hits: number[]; ms: number; rounds: number }>;
  endThreshold(threshold: number): Promise<void>;
  close(): Promise<void>;
}
