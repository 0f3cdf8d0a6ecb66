/**
 * The one error the PNG module throws: a value with a stable `code` saying which
 * check failed, and a message saying what is wrong with the file. The API turns it into 400
 * `invalid_image` (reference/mineskin-api.md §1.10), the renderer into its own `invalid_image`.
 * @module
 */

/** Which check refused the file. */
export type PngErrorCode =
  /** Empty, or more bytes than the limit allows. */
  | 'file_size'
  /** The 8-byte PNG signature is missing. */
  | 'signature'
  /** The file ends inside a chunk, or before IEND. */
  | 'truncated'
  /** A chunk type is not four letters, or an unknown critical chunk. */
  | 'chunk'
  /** A chunk's CRC does not match its type and data. */
  | 'crc'
  /** IHDR is not first, not 13 bytes, or holds an illegal field. */
  | 'ihdr'
  /** Width and height are not an accepted size. */
  | 'dimensions'
  /** Chunks are missing, repeated or out of order. */
  | 'structure'
  /** The image data does not inflate and unfilter to exactly the pixels IHDR announces. */
  | 'data'

/** A file the PNG checks refused. */
export class PngError extends Error {
  constructor(
    readonly code: PngErrorCode,
    message: string,
  ) {
    super(message)
    this.name = 'PngError'
  }
}

/** True when `e` is a {@link PngError}. */
export const isPngError = (e: unknown): e is PngError => e instanceof PngError
