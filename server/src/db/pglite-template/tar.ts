import {
  closeSync,
  createReadStream,
  createWriteStream,
  mkdirSync,
  openSync,
  writeSync,
} from "node:fs";
import { isAbsolute, join, normalize } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";

/** One entry of an archive: a folder, or a file whose bytes `read` returns when written. */
export interface TarEntry {
  /** Relative path with `/`, e.g. `base/5/1259`. */
  readonly name: string;
  readonly kind: "file" | "dir";
  readonly read?: () => Buffer;
}

const BLOCK = 512;
// A fixed time: two builds of the same data give the same archive bytes.
const MTIME = Math.floor(Date.UTC(2026, 0, 1) / 1000);

const octal = (value: number, width: number): string =>
  `${value.toString(8).padStart(width - 1, "0")}\0`;

/** A POSIX ustar header (the format PGlite's `loadDataDir` also reads). */
const header = (name: string, kind: TarEntry["kind"], size: number): Buffer => {
  const path = kind === "dir" ? `${name}/` : name;
  if (Buffer.byteLength(path) > 100) throw new Error(`tar: path too long: ${path}`);
  const block = Buffer.alloc(BLOCK);
  block.write(path, 0, "utf8");
  block.write(octal(kind === "dir" ? 0o700 : 0o600, 8), 100, "ascii");
  block.write(octal(0, 8), 108, "ascii");
  block.write(octal(0, 8), 116, "ascii");
  block.write(octal(size, 12), 124, "ascii");
  block.write(octal(MTIME, 12), 136, "ascii");
  block.write("        ", 148, "ascii");
  block.write(kind === "dir" ? "5" : "0", 156, "ascii");
  block.write("ustar\u000000", 257, "ascii");
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148, "ascii");
  return block;
};

async function* blocks(entries: Iterable<TarEntry>): AsyncGenerator<Buffer> {
  for (const entry of entries) {
    const data = entry.kind === "file" ? (entry.read?.() ?? Buffer.alloc(0)) : Buffer.alloc(0);
    yield header(entry.name, entry.kind, data.length);
    if (data.length === 0) continue;
    yield data;
    const pad = (BLOCK - (data.length % BLOCK)) % BLOCK;
    if (pad > 0) yield Buffer.alloc(pad);
  }
  yield Buffer.alloc(2 * BLOCK);
}

/** Writes `entries`, in their order, as a gzip-compressed tar to `file`. */
export const writeTarGz = async (file: string, entries: Iterable<TarEntry>): Promise<void> => {
  await pipeline(Readable.from(blocks(entries)), createGzip(), createWriteStream(file));
};

const field = (block: Buffer, start: number, length: number): string => {
  const raw = block.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString("utf8");
};

/** The target of an archive path inside `dir`; a path leaving `dir` is refused. */
const inside = (dir: string, name: string): string => {
  const relative = normalize(name.replace(/\/+$/, ""));
  if (relative === "." || isAbsolute(relative) || relative.startsWith("..")) {
    throw new Error(`tar: refused path ${name}`);
  }
  return join(dir, relative);
};

/**
 * Unpacks a gzip-compressed tar (folders and plain files) into `dir`, streaming: only one
 * chunk is in memory at a time, so a 100 MB data folder costs no more than a small one.
 */
export const extractTarGz = async (file: string, dir: string): Promise<void> => {
  mkdirSync(dir, { recursive: true });
  let pending: Buffer = Buffer.alloc(0);
  let fd: number | undefined;
  let left = 0; // bytes of the current file still to write
  let skip = 0; // padding after it
  let ended = false;
  const consume = (chunk: Buffer) => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    while (!ended) {
      if (left > 0 && fd !== undefined) {
        if (pending.length === 0) return;
        const part = pending.subarray(0, Math.min(left, pending.length));
        writeSync(fd, part);
        left -= part.length;
        pending = pending.subarray(part.length);
        if (left > 0) return;
        closeSync(fd);
        fd = undefined;
      }
      if (skip > 0) {
        const part = Math.min(skip, pending.length);
        skip -= part;
        pending = pending.subarray(part);
        if (skip > 0) return;
      }
      if (pending.length < BLOCK) return;
      const block = pending.subarray(0, BLOCK);
      pending = pending.subarray(BLOCK);
      const name = field(block, 0, 100);
      if (name === "") {
        ended = true;
        return;
      }
      const size = Number.parseInt(field(block, 124, 12).trim() || "0", 8);
      const type = String.fromCharCode(block[156] ?? 48);
      const target = inside(dir, name);
      if (type === "5") {
        mkdirSync(target, { recursive: true, mode: 0o700 });
        continue;
      }
      if (type !== "0" && type !== "\0") throw new Error(`tar: unsupported entry ${name}`);
      fd = openSync(target, "w", 0o600);
      left = size;
      skip = (BLOCK - (size % BLOCK)) % BLOCK;
      if (size === 0) {
        closeSync(fd);
        fd = undefined;
      }
    }
  };
  try {
    // pipeline reports an error thrown by the last step as an abort: keep the real one.
    let failure: unknown;
    await pipeline(
      createReadStream(file),
      createGunzip(),
      async (source: AsyncIterable<Buffer>) => {
        try {
          for await (const chunk of source) consume(chunk);
        } catch (error) {
          failure = error;
          throw error;
        }
      },
    ).catch((error: unknown) => {
      throw failure ?? error;
    });
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  if (!ended || left > 0) throw new Error(`tar: ${file} ends early`);
};
