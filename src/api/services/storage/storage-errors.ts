/**
 * The two refusals of the storage meter, as ApiErrors with stable codes: 507
 * `storage_full` when the instance's budget (`STORAGE_BUDGET_MB`) has no room for a new image, and
 * 429 `storage_quota` when the caller's grant `storage_per_day` is used up; the latter carries the
 * seconds until 00:00 UTC, when it frees up, for `Retry-After`.
 * @module
 */
import { ApiError } from '../../errors'

const MIB = 1024 * 1024

/** 507 `storage_full`: nothing new fits in the instance's storage budget of `budget` bytes. */
export function storageFull(budget: number): ApiError {
  return new ApiError(
    'storage_full',
    `This instance's storage is full (budget ${Math.round(budget / MIB)} MiB): new images cannot be stored now. Skins of images already stored can still be generated.`,
    507,
  )
}

/** 429 `storage_quota`: the caller's new images of the day would pass `storage_per_day`. */
export class StorageQuotaError extends ApiError {
  constructor(
    /** The grant `storage_per_day`, KiB. */
    limitKib: number,
    /** KiB already added today. */
    usedKib: number,
    /** Seconds until the quota frees up (00:00 UTC). */
    readonly retryAfter: number,
  ) {
    super(
      'storage_quota',
      `Daily storage quota reached: up to ${limitKib} KiB of new images a day, ${usedKib} KiB used today. It frees up at 00:00 UTC; skins of images already stored can still be generated.`,
      429,
    )
  }
}
