/**
 * Reads the OpenAPI document for the API reference pages: the endpoints by tag and
 * by operationId, `$ref` resolution, a short type label per schema, the top-level fields of a body
 * schema, auth and grants, and a curl example. Pure functions over the served document, so the pages
 * show exactly what `/api/openapi.json` says.
 * @module
 */
import { TAGS } from '../../shared/openapi/document'

/** A node of the JSON document. */
export type Json = Record<string, any>

/** One operation with its method and path. */
export interface Endpoint {
  method: string
  path: string
  op: Json
}

/** Every endpoint of the document, in table order. */
export function endpointsOf(doc: Json): Endpoint[] {
  const out: Endpoint[] = []
  for (const [path, methods] of Object.entries<Json>(doc.paths)) {
    for (const [method, op] of Object.entries<Json>(methods)) out.push({ method, path, op })
  }
  return out
}

/** Endpoints grouped by their first tag, in the document's tag order. */
export function byTag(doc: Json): Map<string, Endpoint[]> {
  const groups = new Map<string, Endpoint[]>(TAGS.map((t) => [t.name, []]))
  for (const e of endpointsOf(doc)) groups.get(e.op.tags[0])?.push(e)
  return groups
}

/** The endpoint with this operationId, if any. */
export const findEndpoint = (doc: Json, operationId: string): Endpoint | undefined => endpointsOf(doc).find((e) => e.op.operationId === operationId)

/** Follows a local `$ref` (`#/components/...`) once; other nodes come back unchanged. */
export const deref = (doc: Json, node: Json): Json =>
  typeof node?.$ref === 'string' ? node.$ref.slice(2).split('/').reduce((o: Json | undefined, k: string) => o?.[k], doc) ?? {} : node

/** The component name of a `$ref`, e.g. `QueueBatchRequest`. */
export const refName = (node: Json): string | undefined => (typeof node?.$ref === 'string' ? node.$ref.split('/').pop() : undefined)

/** A short type label: `string`, `array<JobInfo>`, `"classic" | "slim"`, `string | null`. */
export function typeLabel(schema: Json | undefined): string {
  if (!schema || typeof schema !== 'object') return 'any'
  const name = refName(schema)
  if (name) return name
  if ('const' in schema) return JSON.stringify(schema.const)
  if (Array.isArray(schema.enum)) return schema.enum.map((v: unknown) => JSON.stringify(v)).join(' | ')
  const alternatives = schema.anyOf ?? schema.oneOf
  if (Array.isArray(alternatives)) return [...new Set(alternatives.map(typeLabel))].join(' | ')
  const types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []
  const labels = types.map((t) => {
    if (t === 'array') return `array<${typeLabel(schema.items)}>`
    if (t === 'string' && schema.format) return `string (${schema.format})`
    if (t === 'string' && schema.contentMediaType) return `string (${schema.contentMediaType})`
    return t
  })
  return labels.length ? labels.join(' | ') : 'any'
}

/** Constraints worth a reader's eye (length, range, items, pattern, default), as one line. */
export function constraints(schema: Json | undefined): string {
  if (!schema || typeof schema !== 'object') return ''
  const alternatives = schema.anyOf ?? schema.oneOf
  if (Array.isArray(alternatives)) return alternatives.map(constraints).filter(Boolean).join(' | ')
  const parts: string[] = []
  const range = (min: unknown, max: unknown, unit: string) => {
    if (min !== undefined && max !== undefined) parts.push(`${min}–${max}${unit}`)
    else if (min !== undefined) parts.push(`≥ ${min}${unit}`)
    else if (max !== undefined) parts.push(`≤ ${max}${unit}`)
  }
  range(schema.minItems, schema.maxItems, ' items')
  range(schema.minLength, schema.maxLength, ' chars')
  range(schema.minimum, schema.maximum, '')
  if (schema.pattern) parts.push(`pattern \`${schema.pattern}\``)
  if (schema.default !== undefined) parts.push(`default \`${JSON.stringify(schema.default)}\``)
  return parts.join(', ')
}

/** A row of a field table. */
export interface Field {
  name: string
  type: string
  required: boolean
  description: string
}

/** A description and its constraints as one text: `Seconds to wait. 1–30`. */
const sentence = (text: string | undefined, more: string) =>
  !text ? more : !more ? text : `${text}${/[.!?)]$/.test(text) ? ' ' : '. '}${more}`

/** Top-level fields of an object schema (following a `$ref` first); empty for non-objects. */
export function fieldsOf(doc: Json, schema: Json | undefined): Field[] {
  const s = deref(doc, schema ?? {})
  const required = new Set<string>(s.required ?? [])
  return Object.entries<Json>(s.properties ?? {}).map(([name, p]) => ({
    name,
    type: typeLabel(p),
    required: required.has(name),
    description: sentence(p.description ?? deref(doc, p).description, constraints(p)),
  }))
}

/** The schemas of a content entry: one, or each alternative of a `oneOf`. */
export const schemasOf = (content: Json | undefined): Json[] =>
  !content?.schema ? [] : Array.isArray(content.schema.oneOf) ? content.schema.oneOf : [content.schema]

/** A response header of an operation, resolved. */
export interface HeaderInfo {
  name: string
  description: string
  required: boolean
}

/** The headers of a response, resolved through `components.headers`. */
export const headersOf = (doc: Json, response: Json): HeaderInfo[] =>
  Object.entries<Json>(response.headers ?? {}).map(([name, h]) => {
    const header = deref(doc, h)
    return { name, description: header.description ?? '', required: header.required !== false }
  })

/** Who may call an operation: whether anonymous calls are allowed, and the accepted schemes. */
export function authOf(doc: Json, op: Json): { anonymous: boolean; schemes: { name: string; description: string }[]; grants: string[] } {
  const security: Json[] = op.security ?? doc.security ?? []
  const names = [...new Set(security.flatMap((s) => Object.keys(s)))]
  return {
    anonymous: security.length === 0 || security.some((s) => Object.keys(s).length === 0),
    schemes: names.map((name) => ({ name, description: doc.components?.securitySchemes?.[name]?.description ?? '' })),
    grants: op['x-grants'] ?? [],
  }
}

/** Quotes a word for a POSIX shell (single quotes). */
const shq = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`

/**
 * A curl call built from the document: method, `origin + server + path` (path parameters as
 * `<name>`, required query parameters added), the API key header when a key is accepted, and a JSON
 * body when the request schema carries an `example` (otherwise the body is left out).
 */
export function curlExample(doc: Json, e: Endpoint, origin: string): string {
  const server = doc.servers?.[0]?.url ?? ''
  const params: Json[] = e.op.parameters ?? []
  const query = params.filter((p) => p.in === 'query' && p.required).map((p) => `${p.name}=<${p.name}>`)
  const url = `${origin}${server}${e.path.replace(/\{([^}]+)\}/g, '<$1>')}${query.length ? `?${query.join('&')}` : ''}`
  const lines = [`curl -X ${e.method.toUpperCase()} ${shq(url)}`]
  if (authOf(doc, e.op).schemes.some((s) => s.name === 'apiKey')) lines.push(`-H ${shq('Authorization: Bearer <api-key>')}`)
  for (const p of params) if (p.in === 'header' && p.required) lines.push(`-H ${shq(`${p.name}: <${p.name}>`)}`)
  const json = e.op.requestBody?.content?.['application/json']
  if (json) {
    const example = json.example ?? json.schema?.example ?? deref(doc, json.schema ?? {}).example ?? deref(doc, json.schema ?? {}).examples?.[0]
    if (example !== undefined) lines.push(`-H ${shq('Content-Type: application/json')}`, `-d ${shq(JSON.stringify(example))}`)
  }
  return lines.join(' \\\n  ')
}
