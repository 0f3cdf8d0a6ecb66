import { describe, expect, test } from 'bun:test'
import { renderToStaticMarkup } from 'react-dom/server'
import { openApiDocument } from '../../shared/openapi/document'
import { curlExample, fieldsOf, findEndpoint, typeLabel, type Json } from './api-reference-model'
import { DocText } from './api-reference-text'

/** The reading helpers of the API reference pages. */
describe('api-reference model', () => {
  test('typeLabel names refs, arrays, enums, unions and formats', () => {
    expect(typeLabel({ $ref: '#/components/schemas/JobInfo' })).toBe('JobInfo')
    expect(typeLabel({ type: 'array', items: { $ref: '#/components/schemas/JobInfo' } })).toBe('array<JobInfo>')
    expect(typeLabel({ type: 'string', enum: ['classic', 'slim'] })).toBe('"classic" | "slim"')
    expect(typeLabel({ anyOf: [{ type: 'string' }, { type: 'null' }] })).toBe('string | null')
    expect(typeLabel({ type: 'string', format: 'date-time' })).toBe('string (date-time)')
    expect(typeLabel(undefined)).toBe('any')
  })

  test('fieldsOf follows $ref into components and reads required and constraints', () => {
    const doc = openApiDocument()
    expect(fieldsOf(doc, { $ref: '#/components/schemas/QueueBatchRequest' })).toEqual([
      { name: 'batch', type: 'array<GenerateJsonBody>', required: true, description: '1–24 items' },
    ])
  })

  test('curlExample: path parameters as placeholders, key header, JSON body only from an `example`', () => {
    const doc: Json = {
      servers: [{ url: '/api' }],
      components: { securitySchemes: {}, schemas: { Body: { type: 'object', example: { batch: [{ url: "https://x.test/a'b.png" }] } } } },
      paths: {
        '/v2/things/{id}': {
          post: {
            operationId: 'thing',
            security: [{ apiKey: [] }],
            parameters: [{ name: 'id', in: 'path', required: true }, { name: 'q', in: 'query', required: true }],
            requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Body' } } } },
            responses: {},
          },
        },
      },
    }
    const e = findEndpoint(doc, 'thing')!
    expect(curlExample(doc, e, 'https://skins.test')).toBe(
      [
        "curl -X POST 'https://skins.test/api/v2/things/<id>?q=<q>'",
        "-H 'Authorization: Bearer <api-key>'",
        "-H 'Content-Type: application/json'",
        `-d '{"batch":[{"url":"https://x.test/a'\\''b.png"}]}'`,
      ].join(' \\\n  '),
    )
    delete doc.components.schemas.Body.example
    expect(curlExample(doc, e, 'https://skins.test')).not.toContain('-d ')
    expect(findEndpoint(doc, 'constructor')).toBeUndefined()
  })

  test('DocText renders backtick spans as <code> and escapes everything else', () => {
    const html = renderToStaticMarkup(<DocText text={'Send `url` or <script>alert(1)</script> `a<b>` and a lone ` tick'} />)
    expect(html).toBe('Send <code>url</code> or &lt;script&gt;alert(1)&lt;/script&gt; <code>a&lt;b&gt;</code> and a lone ` tick')
  })
})
