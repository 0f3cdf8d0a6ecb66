/**
 * Checks one HTTP answer against our OpenAPI document with real validators:
 * the document itself as OpenAPI 3.1 (@seriousme/openapi-schema-validator), each JSON body with ajv's
 * JSON Schema 2020-12 validator against the document's own response schema (resolved by JSON
 * pointer into the document, so `$ref`s resolve as any OpenAPI tool resolves them), each documented
 * header's presence and value, no undocumented `MineSkin-*` / `X-RateLimit-*` / `Retry-After`
 * header, the content type, and that an error's `errors[0].code` (v1: `errorCode`) is one the status lists.
 * @module
 */
import { Validator } from '@seriousme/openapi-schema-validator'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { CHECKED_HEADER } from '../../src/shared/openapi/headers'

type Json = Record<string, any>

/** Validates the document as OpenAPI 3.1; returns the validator's errors (empty when valid). */
export async function validateDocument(doc: unknown): Promise<string[]> {
  const result = await new Validator().validate(doc as Parameters<Validator["validate"]>[0])
  if (result.valid) return []
  return [JSON.stringify(result.errors).slice(0, 2000)]
}

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')

/** A checker bound to one document. */
export function createAnswerChecker(doc: Json) {
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats.default ? (addFormats as any).default(ajv) : (addFormats as any)(ajv)
  ajv.addSchema(doc, 'openapi')
  const resolve = (node: Json): Json => {
    let n = node
    while (n && typeof n.$ref === 'string') n = n.$ref.slice(2).split('/').reduce((o: Json, k: string) => o[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc)
    return n
  }

  /**
   * Problems of `res` (its body already read as `text`) as the answer of `method template`; an empty
   * list means it conforms.
   */
  return function check(method: string, template: string, res: Response, text: string): string[] {
    const problems: string[] = []
    const op = doc.paths?.[template]?.[method]
    if (!op) return [`${method.toUpperCase()} ${template} is not in the document`]
    const status = String(res.status)
    const documented = op.responses[status] ? resolve(op.responses[status]) : undefined
    if (!documented) return [`status ${status} is not documented (documented: ${Object.keys(op.responses).join(', ')})`]

    const headers = documented.headers ?? {}
    const names = new Set(Object.keys(headers).map((n) => n.toLowerCase()))
    for (const [name, ref] of Object.entries<Json>(headers)) {
      const h = resolve(ref)
      const value = res.headers.get(name)
      if (value === null) {
        if (h.required) problems.push(`missing header ${name}`)
        continue
      }
      const validate = ajv.compile(h.schema)
      if (!validate(value)) problems.push(`header ${name}: ${JSON.stringify(value)} ${ajv.errorsText(validate.errors)}`)
    }
    for (const [name] of res.headers) if (CHECKED_HEADER.test(name) && !names.has(name.toLowerCase())) problems.push(`undocumented header ${name}`)

    const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
    const content = documented.content as Json | undefined
    if (!content) {
      if (text.length > 0) problems.push(`status ${status} documents no body, got ${text.length} bytes`)
      return problems
    }
    if (!content[type]) return [...problems, `content type ${type || '(none)'} not documented (${Object.keys(content).join(', ')})`]
    if (type !== 'application/json') return problems
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      return [...problems, 'body is not JSON']
    }
    const ref = `openapi#/${pointer('paths', template, method, 'responses', status, 'content', 'application/json', 'schema')}`
    const schemaRef = op.responses[status].$ref ? `openapi${op.responses[status].$ref}/content/application~1json/schema` : ref
    const validate = ajv.getSchema(schemaRef) ?? ajv.compile({ $ref: schemaRef })
    if (!validate(body)) problems.push(`body: ${ajv.errorsText(validate.errors, { dataVar: 'body' })}`)
    const codes = documented['x-error-codes'] as string[] | undefined
    // v2 errors name their code in `errors[0].code`, the legacy v1 ones in `errorCode` (src/api/legacy/v1-errors.ts).
    const err = body as { errors?: { code?: string }[]; errorCode?: string }
    const code = err.errors?.[0]?.code ?? err.errorCode
    if (codes && !codes.includes(code ?? '')) problems.push(`error code ${code} is not documented for ${status} (${codes.join(', ')})`)
    return problems
  }
}
