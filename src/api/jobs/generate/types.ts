/**
 * Types shared by the generation pipeline (submit → queue → worker → skin rows).
 * @module
 */
import type { Visibility } from '../../../shared/schemas/api'

/** SPEC §3 duplicate sources (`{product}_url` is `mineskin_url`, as MineSkin clients expect). */
export type DuplicateSource = 'mineskin_url' | 'texture_url' | 'image_hash' | 'texture_url_data' | 'image_hash_data' | 'user_uuid'

/** Who created something: the strongest identities of the caller. */
export interface Creator {
  userId: string | null
  apiKeyId: string | null
  clientId: string | null
  ip: string | null
}

/** Options of a job as stored with it (variant already resolved). */
export interface JobOptions {
  name: string | null
  visibility: Visibility
  variant: 'classic' | 'slim'
  cape: { uuid: string; hash: string } | null
  /**
   * The skin the new one was made from (docs/api.md "Remixes"), written on the skin row the job
   * creates; absent on jobs queued before the option existed.
   */
  remixOf?: string | null
  /** Where the job's completion is also POSTed (docs/webhooks.md), signed with its API key's secret. */
  callback?: string | null
}

/** Normalised-input facts stored with a job (`jobs.input`), so the worker never decodes again. */
export interface JobInput {
  /** sha256 of the RGBA pixels. */
  imageHash: string
  /** Colour histogram, base64. */
  features: string
}
