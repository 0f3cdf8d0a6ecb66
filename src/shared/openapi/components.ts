/**
 * The named schemas of our OpenAPI document: every request and response shape is
 * the zod schema the API itself parses or answers with (src/shared/schemas/api), listed here once
 * under its component name. The few answers the API builds without a shared schema (the anti-bot
 * challenge, the signing key, the authlib-injector metadata, the legacy `/validate` error, the error
 * envelope with `rateLimit`) are composed here from zod too, so `z.toJSONSchema` makes every
 * component and nothing is hand-written JSON Schema. Imports only src/shared: the web app renders
 * the reference page from the same document on Workers too (DESIGN.md §3).
 * @module
 */
import { z } from 'zod'
import * as api from '../schemas/api'

/** `{ success: false, [rateLimit], errors }` as `errorBody` sends it (src/api/routes/envelope.ts). */
export const apiErrorSchema = api.errorResponseSchema.extend({ rateLimit: z.optional(api.rateLimitInfoSchema) })

/** A refused `/validate/*` input: MineSkin's legacy `{error}` plus the v2 `success`/`errors` (src/api/routes/misc.ts). */
export const legacyValidateErrorSchema = api.errorResponseSchema.extend({ error: z.string() })

/** A v2 answer without payload (`PATCH`-less writes: delete, tag vote, report). */
export const emptyV2ResponseSchema = api.envelopeSchema.extend({ success: z.literal(true) })

/** `GET /v2/challenge`: the raw altcha challenge the widget's `challengeurl` expects (altcha-lib v2). */
export const altchaChallengeSchema = z.object({
  parameters: z.looseObject({ algorithm: z.string(), nonce: z.string(), salt: z.string() }),
  signature: z.string(),
})

/** `GET /v2/challenge` when this instance runs another anti-bot check: which one. */
export const antibotKindResponseSchema = api.envelopeSchema.extend({ antibot: z.string() })

/** `GET /v2/signing-key?format=json`. */
export const signingKeyResponseSchema = api.envelopeSchema.extend({
  key: z.object({ pem: z.string(), algorithm: z.literal('SHA1withRSA'), format: z.literal('spki') }),
})

/** `GET /authlib-injector`: the API metadata document authlib-injector reads. */
export const authlibMetadataSchema = z.object({
  meta: z.object({ serverName: z.string(), implementationName: z.string(), implementationVersion: z.string() }),
  skinDomains: z.array(z.string()),
  signaturePublickey: z.string(),
})

/**
 * Multipart generate body: the PNG in `file` plus the option fields (reference/mineskin-api.md §1.5),
 * or instead of the file a Mojang-signed `value` + `signature` (docs/api.md "Existing Mojang textures").
 */
export const multipartGenerateBodySchema = z.object({
  file: z.file().mime('image/png').max(20_000).optional().meta({ description: 'The skin PNG; required unless `value` and `signature` are sent (400 `missing_file`).' }),
  value: api.texturesValueInputSchema.optional(),
  signature: api.texturesSignatureInputSchema.optional(),
  name: z.string().optional(),
  visibility: z.string().optional(),
  variant: z.string().optional(),
  cape: z.string().optional(),
  checkOnly: z.string().optional(),
  remixOf: z.string().optional().meta({ description: 'Extension: uuid of the skin this one was made from; see the JSON body.' }),
  callback: z.string().optional().meta({ description: 'Extension: https URL the job\'s completion or failure is POSTed to, signed with the API key\'s webhook secret; see the JSON body and docs/webhooks.md.' }),
})

/** Components of responses (converted with `io: 'output'`: what the API sends). */
export const RESPONSE_COMPONENTS = {
  CodeAndMessage: api.codeAndMessageSchema,
  Links: api.linksSchema,
  RateLimitInfo: api.rateLimitInfoSchema,
  ApiError: apiErrorSchema,
  LegacyValidateError: legacyValidateErrorSchema,
  EmptyResponse: emptyV2ResponseSchema,
  JobInfo: api.jobInfoSchema,
  SkinInfo: api.skinInfoSchema,
  SkinListItem: api.skinListItemSchema,
  QueueResponse: api.queueResponseSchema,
  QueueBatchResponse: api.queueBatchResponseSchema,
  JobResponse: api.jobResponseSchema,
  JobListResponse: api.jobListResponseSchema,
  GenerateResponse: api.generateResponseSchema,
  SkinResponse: api.skinResponseSchema,
  SkinListResponse: api.skinListResponseSchema,
  SkinUserResponse: api.skinUserResponseSchema,
  SkinTagsResponse: api.skinTagsResponseSchema,
  SkinMetaResponse: api.skinMetaResponseSchema,
  CapeListResponse: api.capeListResponseSchema,
  StatsResponse: api.statsResponseSchema,
  ValidateResponse: api.validateResponseSchema,
  RandomNameResponse: api.randomNameResponseSchema,
  MeResponse: api.meResponseSchema,
  MeClientResponse: api.meClientResponseSchema,
  MeCreditsResponse: api.meCreditsResponseSchema,
  MeApiKeyResponse: api.meApiKeyResponseSchema,
  MeApiKeysResponse: api.meApiKeysResponseSchema,
  MeLegacySkinsResponse: api.meLegacySkinsResponseSchema,
  UsageResponse: api.usageResponseSchema,
  DelayResponse: api.delayResponseSchema,
  AltchaChallenge: altchaChallengeSchema,
  AntibotKindResponse: antibotKindResponseSchema,
  SigningKeyResponse: signingKeyResponseSchema,
  AuthlibMetadata: authlibMetadataSchema,
  V1GenerateResponse: api.v1GenerateResponseSchema,
  V1SkinResponse: api.v1SkinResponseSchema,
  V1Error: api.v1ErrorSchema,
  V1DelayResponse: api.v1DelayResponseSchema,
  V1StatsResponse: api.v1StatsResponseSchema,
  V1PageListResponse: api.v1PageListResponseSchema,
  V1AnchorListResponse: api.v1AnchorListResponseSchema,
} as const
/** Name of a response component. */
export type ResponseComponent = keyof typeof RESPONSE_COMPONENTS

/** Components of request bodies (converted with `io: 'input'`: what the API accepts). */
export const REQUEST_COMPONENTS = {
  GenerateJsonBody: api.jsonGenerateBodySchema,
  GenerateMultipartBody: multipartGenerateBodySchema,
  QueueBatchRequest: api.queueBatchRequestSchema,
  SkinUpdateBody: api.skinUpdateBodySchema,
  TagVoteBody: api.tagVoteBodySchema,
  ReportBody: api.reportBodySchema,
  V1UrlBody: api.v1UrlBodySchema,
  V1UserBody: api.v1UserBodySchema,
  V1UploadBody: api.v1UploadBodySchema,
} as const
/** Name of a request component. */
export type RequestComponent = keyof typeof REQUEST_COMPONENTS
