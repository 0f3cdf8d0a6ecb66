/**
 * Skin PNG files for browser tests: procedurally painted people (the seed painter), so screenshots
 * of previews and job thumbnails look like real skins, and every seed gives a new texture.
 * @module
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { encodeMinecraftPng } from '../../src/shared/png'
import { mulberry32 } from '../../src/api/seed/prng'
import { paintSkin } from '../../src/api/seed/procedural-skin'

/** A skin PNG painted from `seed`. */
export const paintedSkinPng = (seed: number): Uint8Array<ArrayBuffer> => encodeMinecraftPng(paintSkin(mulberry32(seed)).rgba, 64, 64)

/** Writes one skin PNG per name into a new temporary folder; returns the file paths. */
export function writeSkinFiles(names: string[], firstSeed: number): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'ssg-skins-'))
  return names.map((name, index) => {
    const path = join(dir, name)
    writeFileSync(path, paintedSkinPng(firstSeed + index))
    return path
  })
}
