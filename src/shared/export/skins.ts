/**
 * The export formats of the Export page (reference/mineskin-api.md §3.2): JSON is
 * the array of full skin objects as `GET /v2/skins/{id}` returns them; CSV has one row per skin with
 * the columns the anchor's export uses.
 * @module
 */
import type { SkinInfo } from '../schemas/api/skin'
import { csvDocument } from './csv'

/** The CSV header, in order. */
export const EXPORT_CSV_HEADER = ['Timestamp', 'UUID', 'Name', 'Variant', 'Value', 'Signature', 'Texture'] as const

/** Download formats. */
export type ExportFormat = 'csv' | 'json'

/** One CSV row: creation time as an ISO 8601 date, then the skin's fields; the texture as its URL. */
export function skinCsvRow(skin: SkinInfo): string[] {
  return [
    new Date(skin.generator.timestamp).toISOString(),
    skin.uuid,
    skin.name ?? '',
    skin.variant,
    skin.texture.data.value,
    skin.texture.data.signature,
    skin.texture.url.skin,
  ]
}

/** The CSV file of `skins`. */
export const skinsToCsv = (skins: readonly SkinInfo[]): string => csvDocument([[...EXPORT_CSV_HEADER], ...skins.map(skinCsvRow)])

/** The JSON file of `skins`: the full objects, indented for people who open the file. */
export const skinsToJson = (skins: readonly SkinInfo[]): string => `${JSON.stringify(skins, null, 2)}\n`

/** File body and media type of an export. */
export function exportFile(skins: readonly SkinInfo[], format: ExportFormat): { body: string; type: string; extension: string } {
  return format === 'csv'
    ? { body: skinsToCsv(skins), type: 'text/csv; charset=utf-8; header=present', extension: 'csv' }
    : { body: skinsToJson(skins), type: 'application/json; charset=utf-8', extension: 'json' }
}
