/**
 * Writes GGUF v3 files (the ggml model format, ggml docs/gguf.md): a header, typed metadata,
 * tensor infos, then the tensor data, each tensor aligned. Only what the test model needs:
 * scalar and array metadata, f32 tensors. Everything is little-endian.
 */

/** A metadata value with its GGUF type (the numbers are gguf_type). */
export type GgufValue =
  | { type: 'u32'; value: number }
  | { type: 'f32'; value: number }
  | { type: 'bool'; value: boolean }
  | { type: 'string'; value: string }
  | { type: 'strings'; value: readonly string[] }
  | { type: 'f32s'; value: readonly number[] }
  | { type: 'i32s'; value: readonly number[] };

/** An f32 tensor; `dims` lists the fastest-varying dimension first, as ggml does. */
export interface GgufTensor {
  name: string;
  dims: readonly number[];
  data: Float32Array;
}

const GGUF_MAGIC = 'GGUF';
const GGUF_VERSION = 3;
const ALIGNMENT = 32;
const TYPE = { u32: 4, i32: 5, f32: 6, bool: 7, string: 8, array: 9 } as const;
const GGML_TYPE_F32 = 0;

/** Appends little-endian values to a growing list of buffers. */
class ByteSink {
  readonly parts: Buffer[] = [];
  length = 0;

  bytes(buffer: Buffer): void {
    this.parts.push(buffer);
    this.length += buffer.length;
  }
  u32(value: number): void {
    const buffer = Buffer.alloc(4);
    buffer.writeUInt32LE(value);
    this.bytes(buffer);
  }
  i32(value: number): void {
    const buffer = Buffer.alloc(4);
    buffer.writeInt32LE(value);
    this.bytes(buffer);
  }
  u64(value: number): void {
    const buffer = Buffer.alloc(8);
    buffer.writeBigUInt64LE(BigInt(value));
    this.bytes(buffer);
  }
  f32(value: number): void {
    const buffer = Buffer.alloc(4);
    buffer.writeFloatLE(value);
    this.bytes(buffer);
  }
  /** A gguf_string: u64 byte length, then UTF-8 without a terminator. */
  string(value: string): void {
    const encoded = Buffer.from(value, 'utf8');
    this.u64(encoded.length);
    this.bytes(encoded);
  }
  padTo(alignment: number): void {
    const missing = (alignment - (this.length % alignment)) % alignment;
    if (missing > 0) this.bytes(Buffer.alloc(missing));
  }
}

function writeValue(sink: ByteSink, value: GgufValue): void {
  switch (value.type) {
    case 'u32':
      sink.u32(TYPE.u32);
      return sink.u32(value.value);
    case 'f32':
      sink.u32(TYPE.f32);
      return sink.f32(value.value);
    case 'bool':
      sink.u32(TYPE.bool);
      return sink.bytes(Buffer.from([value.value ? 1 : 0]));
    case 'string':
      sink.u32(TYPE.string);
      return sink.string(value.value);
    case 'strings':
      writeArrayHeader(sink, TYPE.string, value.value.length);
      return value.value.forEach((item) => sink.string(item));
    case 'f32s':
      writeArrayHeader(sink, TYPE.f32, value.value.length);
      return value.value.forEach((item) => sink.f32(item));
    case 'i32s':
      writeArrayHeader(sink, TYPE.i32, value.value.length);
      return value.value.forEach((item) => sink.i32(item));
  }
}

function writeArrayHeader(sink: ByteSink, itemType: number, count: number): void {
  sink.u32(TYPE.array);
  sink.u32(itemType);
  sink.u64(count);
}

/** The whole file in memory (the test model is well under a megabyte or two). */
export function encodeGguf(
  metadata: ReadonlyArray<readonly [string, GgufValue]>,
  tensors: readonly GgufTensor[],
): Buffer {
  const sink = new ByteSink();
  sink.bytes(Buffer.from(GGUF_MAGIC, 'ascii'));
  sink.u32(GGUF_VERSION);
  sink.u64(tensors.length);
  sink.u64(metadata.length);
  for (const [key, value] of metadata) {
    sink.string(key);
    writeValue(sink, value);
  }
  // Offsets are relative to the start of the data section, each a multiple of the alignment.
  let offset = 0;
  for (const tensor of tensors) {
    const elements = tensor.dims.reduce((product, dim) => product * dim, 1);
    if (elements !== tensor.data.length) {
      throw new Error(`${tensor.name}: ${tensor.data.length} values for dims ${tensor.dims}`);
    }
    sink.string(tensor.name);
    sink.u32(tensor.dims.length);
    tensor.dims.forEach((dim) => sink.u64(dim));
    sink.u32(GGML_TYPE_F32);
    sink.u64(offset);
    offset += Math.ceil(tensor.data.byteLength / ALIGNMENT) * ALIGNMENT;
  }
  sink.padTo(ALIGNMENT);
  for (const tensor of tensors) {
    const { buffer, byteOffset, byteLength } = tensor.data;
    // Float32Array is platform-endian; every platform we ship on is little-endian.
    sink.bytes(Buffer.from(buffer, byteOffset, byteLength));
    sink.padTo(ALIGNMENT);
  }
  return Buffer.concat(sink.parts, sink.length);
}
