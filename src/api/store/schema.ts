/**
 * Database schema of the embedded API (Drizzle, SQLite dialect). Modelled after MineSkin's data
 * model (reference/mineskin-api.md §2.3): skin rows point at texture-data rows, and many skins may
 * share one data row. Plain SQLite types only, so the same migrations run on Cloudflare D1.
 * Times are epoch milliseconds in integer columns.
 * @module
 */
import { sql } from 'drizzle-orm'
import { blob, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'

/** Predicate of a skin that may appear in lists, search and similar (reference §1.6). */
const LISTED = sql`visibility = 'public' AND deleted_at IS NULL`

/** Signed texture data; deduplicated by texture hash + variant + cape hash (reference §2.3). */
export const skinData = sqliteTable(
  'skin_data',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Mojang texture hash, canonical 64 hex. */
    textureHash: text('texture_hash').notNull(),
    /** sha256 of the raw RGBA pixels (MineSkin's own image hash). */
    imageHash: text('image_hash').notNull(),
    variant: text('variant', { enum: ['classic', 'slim'] }).notNull(),
    /** Cape texture hash, '' when none (so the dedupe key can be a unique index). */
    capeHash: text('cape_hash').notNull().default(''),
    value: text('value').notNull(),
    signature: text('signature').notNull(),
    textureUrl: text('texture_url').notNull(),
    capeUrl: text('cape_url'),
    /** Signer account (first 16 chars of an account uuid, `local`, ...). */
    account: text('account').notNull(),
    server: text('server').notNull(),
    worker: text('worker').notNull(),
    queueStart: integer('queue_start').notNull(),
    queueEnd: integer('queue_end').notNull(),
    /** Colour histogram of the texture (see services/similar), used by `/similar`. */
    features: blob('features', { mode: 'buffer' }).notNull(),
    /** Dominant histogram bin; candidates for `/similar` share it. */
    colourKey: integer('colour_key').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('skin_data_dedupe_idx').on(t.textureHash, t.variant, t.capeHash),
    index('skin_data_image_idx').on(t.imageHash),
  ],
)

/** A skin: what users see, name and visibility included. */
export const skins = sqliteTable(
  'skins',
  {
    /** Insertion order; keyset pagination and the FTS rowid use it. */
    id: integer('id').primaryKey({ autoIncrement: true }),
    uuid: text('uuid').notNull(),
    shortId: text('short_id').notNull(),
    dataId: integer('data_id')
      .notNull()
      .references(() => skinData.id),
    name: text('name'),
    visibility: text('visibility', { enum: ['public', 'unlisted', 'private'] }).notNull(),
    variant: text('variant', { enum: ['classic', 'slim', 'unknown'] }).notNull(),
    /** SPEC §3 skin status. */
    status: text('status', { enum: ['pending', 'processing', 'success', 'failed', 'deleted'] }).notNull(),
    /** Copy of skin_data.texture_hash so list queries need no join. */
    textureHash: text('texture_hash').notNull(),
    /** Copy of skin_data.colour_key for `/similar` candidates. */
    colourKey: integer('colour_key').notNull(),
    /** Copy of skin_data.features, so `/similar` ranks from its covering index alone. */
    features: blob('features', { mode: 'buffer' }),
    views: integer('views').notNull().default(0),
    likes: integer('likes').notNull().default(0),
    editCount: integer('edit_count').notNull().default(0),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    deletedAt: integer('deleted_at'),
    /**
     * Hidden by a moderator: the skin is then `private` (out of every list,
     * search and similar, its page kept for its owner) and `hiddenVisibility` remembers what the
     * owner had chosen, restored by "unhide".
     */
    hiddenAt: integer('hidden_at'),
    hiddenVisibility: text('hidden_visibility', { enum: ['public', 'unlisted', 'private'] }),
    /**
     * The uuid of the skin this one was made from (generate option `remixOf`, docs/api.md "Remixes"),
     * set when the skin row is created and never changed; a plain uuid rather than a row reference, so
     * deleting the original leaves its remixes as they are.
     */
    remixOf: text('remix_of'),
  },
  (t) => [
    uniqueIndex('skins_uuid_idx').on(t.uuid),
    uniqueIndex('skins_short_id_idx').on(t.shortId),
    index('skins_data_idx').on(t.dataId),
    // Keyset pagination indexes restricted to listed skins keep list queries flat (DESIGN §4).
    index('skins_latest_idx').on(t.id).where(LISTED),
    index('skins_popular_idx').on(sql`views DESC`, sql`id DESC`, t.createdAt).where(LISTED),
    // 'Latest' is by creation time, not by row id (seeding older skins must not push newer ones
    // down): keyset on (created_at, id), newest first.
    index('skins_listed_created_idx').on(t.createdAt, t.id).where(LISTED),
    index('skins_similar_idx').on(t.colourKey, sql`id DESC`, t.textureHash, t.features).where(LISTED),
  ],
)

/** Who created a skin (reference §2.3 `clients[]`); owner = user, else API key, else anonymous client. */
export const skinClients = sqliteTable(
  'skin_clients',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    skinId: integer('skin_id')
      .notNull()
      .references(() => skins.id),
    userId: text('user_id'),
    apiKeyId: text('api_key_id'),
    clientId: text('client_id'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    index('skin_clients_skin_idx').on(t.skinId),
    index('skin_clients_user_idx').on(t.userId, t.skinId),
    index('skin_clients_key_idx').on(t.apiKeyId, t.skinId),
    index('skin_clients_client_idx').on(t.clientId, t.skinId),
  ],
)

/** Edit log of a skin (reference §1.7 `edits[]`). */
export const skinEdits = sqliteTable(
  'skin_edits',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    skinId: integer('skin_id')
      .notNull()
      .references(() => skins.id),
    time: integer('time').notNull(),
    field: text('field', { enum: ['meta.name', 'meta.visibility'] }).notNull(),
    from: text('from'),
    to: text('to'),
  },
  (t) => [index('skin_edits_skin_idx').on(t.skinId)],
)

/** Tag of a skin with its vote tally; `visible` = score reached the configured threshold. */
export const skinTags = sqliteTable(
  'skin_tags',
  {
    skinId: integer('skin_id')
      .notNull()
      .references(() => skins.id),
    tag: text('tag').notNull(),
    up: integer('up').notNull().default(0),
    down: integer('down').notNull().default(0),
    visible: integer('visible').notNull().default(0),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.skinId, t.tag] })],
)

/** One caller's vote on a tag (+1 up, -1 down). */
export const tagVotes = sqliteTable(
  'tag_votes',
  {
    skinId: integer('skin_id').notNull(),
    tag: text('tag').notNull(),
    /** Identity key of the voter (`user:…`, `key:…`, `client:…`). */
    voter: text('voter').notNull(),
    vote: integer('vote').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.skinId, t.tag, t.voter] })],
)

/** Likes, one per skin and caller (reference §1.7, 409 `already_liked`). */
export const skinLikes = sqliteTable(
  'skin_likes',
  {
    skinId: integer('skin_id').notNull(),
    voter: text('voter').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.skinId, t.voter] })],
)

/** Reports, one per skin and caller (reference §1.7, 409 `already_reported`). */
export const skinReports = sqliteTable(
  'skin_reports',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    skinId: integer('skin_id').notNull(),
    /**
     * Who reported, one reporter per skin (the unique index below): `user:<id>` when signed in (or
     * by a key of a user), else `ip:<address>`; `key:`/`client:` only where no address is known
     * (src/api/skins/community/reports.ts). A skin's report count is therefore its distinct reporters.
     */
    reporter: text('reporter').notNull(),
    /** The address the report came from (null when unknown): the hourly limit counts per address too. */
    address: text('address'),
    reason: text('reason', { enum: ['skin', 'name', 'tags'] }).notNull(),
    createdAt: integer('created_at').notNull(),
    /** Moderation state: open until a moderator acts on the skin or dismisses its reports. */
    status: text('status', { enum: ['open', 'dismissed', 'actioned'] }).notNull().default('open'),
    resolvedAt: integer('resolved_at'),
  },
  (t) => [
    uniqueIndex('skin_reports_once_idx').on(t.skinId, t.reporter),
    // The queue groups open reports by skin.
    index('skin_reports_open_idx').on(t.skinId, t.createdAt).where(sql`status = 'open'`),
    // A reporter's reports of the last hour (`REPORTS_PER_HOUR`).
    index('skin_reports_reporter_idx').on(t.reporter, t.createdAt),
    // An address's reports of the last hour, whoever sent them.
    index('skin_reports_address_idx').on(t.address, t.createdAt),
  ],
)

/**
 * The report queue's one row per skin with open reports, kept by triggers on
 * `skin_reports` (migration 0013): counts by reason and the first and latest report. The queue pages
 * and the status read it instead of grouping every open report, so they stay under 50 ms at 100 k
 * reports (test/bench/admin.bench.ts).
 */
export const reportQueue = sqliteTable(
  'report_queue',
  {
    skinId: integer('skin_id').primaryKey(),
    n: integer('n').notNull(),
    rSkin: integer('r_skin').notNull(),
    rName: integer('r_name').notNull(),
    rTags: integer('r_tags').notNull(),
    firstAt: integer('first_at').notNull(),
    lastAt: integer('last_at').notNull(),
  },
  (t) => [index('report_queue_newest_idx').on(t.lastAt), index('report_queue_most_idx').on(t.n, t.lastAt)],
)

/**
 * Finished jobs per 15 minutes (the site status's 24 h chart), kept by triggers on
 * `jobs` (migration 0013) and pruned to a week: the chart reads 96 rows, not a day of jobs.
 */
export const jobBuckets = sqliteTable('job_buckets', {
  /** Start of the 15 minutes (epoch ms). */
  start: integer('start').primaryKey(),
  completed: integer('completed').notNull().default(0),
  failed: integer('failed').notNull().default(0),
})

/**
 * The moderation audit log: who did what to which skin, user, key, tag or
 * texture, when and why; `data` keeps what undoing needs (the previous state).
 */
export const moderationLog = sqliteTable(
  'moderation_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** User id of the moderator or admin; null for the command line. */
    actorUserId: text('actor_user_id'),
    action: text('action').notNull(),
    targetKind: text('target_kind', { enum: ['skin', 'user', 'key', 'tag', 'texture'] }).notNull(),
    targetId: text('target_id').notNull(),
    note: text('note'),
    /** JSON: the state before the action, for undo. */
    data: text('data'),
    createdAt: integer('created_at').notNull(),
    undoneAt: integer('undone_at'),
    undoneBy: text('undone_by'),
  },
  (t) => [index('moderation_log_time_idx').on(t.createdAt), index('moderation_log_target_idx').on(t.targetKind, t.targetId)],
)

/** Texture hashes refused on every future generate (MineSkin-style image bans). */
export const bannedTextures = sqliteTable('banned_textures', {
  textureHash: text('texture_hash').primaryKey(),
  logId: integer('log_id'),
  createdAt: integer('created_at').notNull(),
})

/** Tags that may not be added again. */
export const bannedTags = sqliteTable('banned_tags', {
  tag: text('tag').primaryKey(),
  logId: integer('log_id'),
  createdAt: integer('created_at').notNull(),
})

/** Durable generation jobs (reference §2.6): waiting → processing → completed | failed. */
export const jobs = sqliteTable(
  'jobs',
  {
    /** 24 hex digits. */
    id: text('id').primaryKey(),
    status: text('status', { enum: ['waiting', 'processing', 'completed', 'failed'] }).notNull(),
    /** SPEC §3 generate type; `signed` is a Mojang-signed `value` + `signature` (docs/api.md "Existing Mojang textures"). */
    kind: text('kind', { enum: ['upload', 'url', 'user', 'signed'] }).notNull(),
    /** Texture hash of the stored input image (`images/<hash>` blob). */
    imageHash: text('image_hash'),
    /** Player uuid for user jobs. */
    userUuid: text('user_uuid'),
    /**
     * What the worker needs of the normalised input, computed at submit so it never decodes the
     * PNG again: `{ imageHash, features }` (features = base64 colour histogram) as JSON.
     */
    input: text('input'),
    /** What the caller gave: file name, URL or player name (job display name, SPEC §3). */
    sourceName: text('source_name'),
    /** Parsed generate options as JSON. */
    options: text('options').notNull(),
    userId: text('user_id'),
    apiKeyId: text('api_key_id'),
    clientId: text('client_id'),
    ip: text('ip'),
    breadcrumb: text('breadcrumb').notNull(),
    createdAt: integer('created_at').notNull(),
    startedAt: integer('started_at'),
    finishedAt: integer('finished_at'),
    /** Skin uuid once completed. */
    result: text('result'),
    /** SPEC §3 duplicate source when the job matched an existing skin or data. */
    duplicate: text('duplicate'),
    /** `[{code, message}]` JSON when failed. */
    errors: text('errors'),
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [
    index('jobs_status_idx').on(t.status, t.createdAt),
    index('jobs_user_idx').on(t.userId, t.createdAt),
    index('jobs_key_idx').on(t.apiKeyId, t.createdAt),
    index('jobs_client_idx').on(t.clientId, t.createdAt),
    index('jobs_ip_idx').on(t.ip, t.createdAt),
    index('jobs_finished_idx').on(t.finishedAt),
  ],
)

/**
 * The job event log behind `GET /v2/queue/events` (docs/api.md "Job events"): one row per job status
 * change, written by triggers on `jobs` (migration `job_events`), so every writer — the in-process
 * queue, another process, the Queues consumer — records its changes in commit order. The id is the
 * stream's `id:`, which `Last-Event-ID` resumes after; the owner columns copy the job's, so a stream
 * reads only its caller's rows. Rows older than the job list's window are pruned.
 */
export const jobEvents = sqliteTable(
  'job_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    jobId: text('job_id').notNull(),
    /** The job's status after the change. */
    status: text('status', { enum: ['waiting', 'processing', 'completed', 'failed'] }).notNull(),
    userId: text('user_id'),
    apiKeyId: text('api_key_id'),
    clientId: text('client_id'),
    /** When the change happened (the job's created, started or finished time). */
    at: integer('at').notNull(),
  },
  (t) => [
    index('job_events_user_idx').on(t.userId, t.id),
    index('job_events_key_idx').on(t.apiKeyId, t.id),
    index('job_events_client_idx').on(t.clientId, t.id),
    index('job_events_at_idx').on(t.at),
  ],
)

/** Minecraft accounts of the signing pool (SPEC §3 account types and token sources). */
export const accounts = sqliteTable('accounts', {
  /** Minecraft profile uuid, 32 hex. */
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  type: text('type', { enum: ['mojang', 'microsoft'] }).notNull(),
  tokenSource: text('token_source', {
    enum: ['login_microsoft', 'refresh_microsoft', 'user_login_microsoft'],
  }).notNull(),
  accessToken: text('access_token').notNull(),
  /** When the token stops working (epoch ms); null = unknown. */
  tokenExpiresAt: integer('token_expires_at'),
  enabled: integer('enabled').notNull().default(1),
  lastUsed: integer('last_used').notNull().default(0),
  errorCount: integer('error_count').notNull().default(0),
  timeoutUntil: integer('timeout_until').notNull().default(0),
  lastError: text('last_error'),
  /** JSON array of cape uuids the account owns. */
  capes: text('capes').notNull().default('[]'),
  createdAt: integer('created_at').notNull(),
  /**
   * The user who added the pool account through the account manager; null for
   * accounts added on the command line. Owners see and manage their own accounts and are notified.
   */
  ownerUserId: text('owner_user_id'),
  /** Microsoft sign-in flow of the stored refresh token: `live` or `msal`; null for a pasted token. */
  authFlow: text('auth_flow'),
  /** The MSA refresh token, sealed with the pool token key (pool/token-box.ts); rotated on every refresh. */
  refreshToken: text('refresh_token'),
  /** Set while the owner paused the account (e.g. to play): not handed out, not refreshed. */
  pausedAt: integer('paused_at'),
  /** Set when a refresh failed: out of rotation until the owner signs in again. */
  needsSignInAt: integer('needs_sign_in_at'),
  /** Successful skin changes made with the account. */
  uses: integer('uses').notNull().default(0),
  /** A job holds the account until then (epoch ms): two jobs never use one account, across processes. */
  lockedUntil: integer('locked_until').notNull().default(0),
  /** Who holds the lock (random per acquire), so only the holder releases it. */
  lockId: text('lock_id'),
  /** When the last error happened. */
  lastErrorAt: integer('last_error_at'),
  /**
   * Stable code of the last error (an account error such as `rate_limited`, or a sign-in code such as
   * `sign_in_revoked`), so the account manager and `pool list` say why in words (docs/signing.md).
   */
  lastErrorCode: text('last_error_code'),
  /** Put the owner's own skin back after each use (MineSkin's "restore my original skin"). */
  restoreSkin: integer('restore_skin').notNull().default(0),
  /** The owner's own skin when the account was added: `{url, variant}` JSON, for `restoreSkin`. */
  ownSkin: text('own_skin'),
  /** When the Minecraft token was last renewed through the Microsoft chain. */
  refreshedAt: integer('refreshed_at'),
})

/**
 * Microsoft device-code sign-ins in progress: the page (or `pool login`) polls
 * through these rows, so a sign-in survives a reload and works without JavaScript.
 */
export const poolSignIns = sqliteTable(
  'pool_sign_ins',
  {
    /** Random 32 hex; in the waiting page's URL. */
    id: text('id').primaryKey(),
    /** Who started it; null from the command line. */
    userId: text('user_id'),
    /** `live` or `msal`. */
    flow: text('flow').notNull(),
    /** The device code, sealed (pool/token-box.ts): whoever holds it can finish the sign-in. */
    deviceCode: text('device_code').notNull(),
    /** The code the user types at `verificationUri`. */
    userCode: text('user_code').notNull(),
    verificationUri: text('verification_uri').notNull(),
    /** Seconds between polls Microsoft asked for. */
    intervalS: integer('interval_s').notNull(),
    /** Not polled before this time (epoch ms). */
    nextPollAt: integer('next_poll_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    /** `pending`, `done` or `failed`. */
    status: text('status').notNull(),
    /** Stable code of the failure (pool/microsoft/errors.ts). */
    errorCode: text('error_code'),
    /** The pool account it added or renewed. */
    accountId: text('account_id'),
    /** Signing in again: the pool account this sign-in must renew (another profile is refused). */
    renewAccountId: text('renew_account_id'),
    createdAt: integer('created_at').notNull(),
    /**
     * What the finished sign-in becomes: `pool`, a signing account lent to the pool, or `link`, the
     * user's own linked Minecraft account (src/api/wear). Each page checks only its own kind, so a
     * link can never end up in the pool.
     */
    purpose: text('purpose', { enum: ['pool', 'link'] }).notNull().default('pool'),
  },
  (t) => [index('pool_sign_ins_user_idx').on(t.userId, t.createdAt)],
)

/**
 * A user's own Minecraft account, linked so they can wear skins from the site (docs/wear.md). Never
 * part of the signing pool. Tokens are sealed with the pool's token key (pool/token-box.ts);
 * unlinking deletes the row and so the tokens.
 */
export const minecraftLinks = sqliteTable(
  'minecraft_links',
  {
    /** The site user: one link per user. */
    userId: text('user_id').primaryKey(),
    /** Minecraft profile uuid, 32 hex; one site user per profile (the latest to sign in keeps it). */
    profileId: text('profile_id').notNull(),
    profileName: text('profile_name').notNull(),
    /** Microsoft sign-in flow of the refresh token: `live` or `msal`. */
    authFlow: text('auth_flow').notNull(),
    /** The MSA refresh token, sealed; rotated on every renewal. */
    refreshToken: text('refresh_token').notNull(),
    /** The Minecraft access token, sealed. */
    accessToken: text('access_token').notNull(),
    tokenExpiresAt: integer('token_expires_at').notNull(),
    /** The profile's active skin as last read: texture URL, hash (64 hex) and arm model. */
    skinUrl: text('skin_url'),
    skinHash: text('skin_hash'),
    skinVariant: text('skin_variant'),
    /** JSON `[{id, alias, url, state}]`: the capes the profile owns, as last read. */
    capes: text('capes').notNull().default('[]'),
    /** Set when the saved sign-in stopped working: wearing asks for a new sign-in. */
    needsSignInAt: integer('needs_sign_in_at'),
    /** No skin change is sent before this time (Mojang's per-account pace, or its 429). */
    nextChangeAt: integer('next_change_at').notNull().default(0),
    linkedAt: integer('linked_at').notNull(),
    /** When the profile was last read from Mojang. */
    readAt: integer('read_at').notNull(),
  },
  (t) => [uniqueIndex('minecraft_links_profile_idx').on(t.profileId)],
)

/** Skins a user wore through the site, newest first on the page ("wear again"). */
export const wearHistory = sqliteTable(
  'wear_history',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: text('user_id').notNull(),
    /** The skin worn (its uuid; the skin may since have been deleted). */
    skinUuid: text('skin_uuid').notNull(),
    /** The skin's name then, for the list. */
    skinName: text('skin_name'),
    textureHash: text('texture_hash').notNull(),
    variant: text('variant', { enum: ['classic', 'slim'] }).notNull(),
    /** The Minecraft profile it was put on. */
    profileId: text('profile_id').notNull(),
    /** The cape turned on with it, if any. */
    capeId: text('cape_id'),
    wornAt: integer('worn_at').notNull(),
  },
  (t) => [index('wear_history_user_idx').on(t.userId, t.wornAt)],
)

/** Signed-in users: the account site's accounts. A user without a password cannot sign in. */
export const users = sqliteTable(
  'users',
  {
    /** 32 hex. */
    id: text('id').primaryKey(),
    name: text('name'),
    /** Lower-cased; unique among users that have one. */
    email: text('email'),
    /** JSON grants overriding the `user` defaults. */
    grants: text('grants'),
    createdAt: integer('created_at').notNull(),
    /** argon2id hash, PHC string (src/accounts/services/passwords.ts). */
    passwordHash: text('password_hash'),
    updatedAt: integer('updated_at'),
    /**
     * When the owner proved they read mail at `email` (sign-up and e-mail changes are
     * confirmed by a link); null for accounts made before confirmation existed. Password resets are
     * only mailed to confirmed addresses.
     */
    emailVerifiedAt: integer('email_verified_at'),
    /** Set while an operator has locked the account: no sign-in, and its sessions and keys are refused. */
    lockedAt: integer('locked_at'),
  },
  (t) => [uniqueIndex('users_email_idx').on(t.email)],
)

/** Account-site sign-in sessions: the long-lived refresh token behind the web and API cookies, stored hashed. */
export const accountSessions = sqliteTable(
  'account_sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    /** SHA-256 hex of the refresh token. */
    tokenHash: text('token_hash').notNull(),
    createdAt: integer('created_at').notNull(),
    lastUsed: integer('last_used'),
    expiresAt: integer('expires_at').notNull(),
    revokedAt: integer('revoked_at'),
  },
  (t) => [uniqueIndex('account_sessions_token_idx').on(t.tokenHash), index('account_sessions_user_idx').on(t.userId)],
)

/**
 * Attempt counters of the account site's throttle (src/accounts/throttle): one row per
 * rule and subject, e.g. `signin-pair:<email>|<address>`, `signup-ip:<address>`, `mail-to:<email>`.
 * The table kept its first name (it first counted failed sign-ins only).
 */
export const loginFailures = sqliteTable('login_failures', {
  /** `<rule>:<subject>`. */
  key: text('key').primaryKey(),
  /** Attempts counted since `windowStart`. */
  count: integer('count').notNull(),
  windowStart: integer('window_start').notNull(),
  /** No attempt is allowed before this time (epoch ms). */
  lockedUntil: integer('locked_until').notNull().default(0),
})

/**
 * Single-use links mailed by the account site: confirming a sign-up or a new e-mail
 * address, and resetting a password. Only the SHA-256 of the token is stored.
 */
export const accountTokens = sqliteTable(
  'account_tokens',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['signup', 'email_change', 'reset'] }).notNull(),
    /** SHA-256 hex of the token in the link. */
    tokenHash: text('token_hash').notNull(),
    /** The address the link was sent to (lower-cased). */
    email: text('email').notNull(),
    /** The account it acts on (null for a sign-up, whose account is made when the link is used). */
    userId: text('user_id'),
    /** Kind-specific JSON: a sign-up's `{ redirect }` (links mailed before passwords were chosen on the link's page also carry `name` and `passwordHash`, never used). */
    payload: text('payload'),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    /** Set when used or cancelled (a newer link, a password change); a used link never works again. */
    usedAt: integer('used_at'),
  },
  (t) => [
    uniqueIndex('account_tokens_hash_idx').on(t.tokenHash),
    index('account_tokens_user_idx').on(t.userId),
    index('account_tokens_email_idx').on(t.email, t.kind),
    // Issuing a link cancels the user's live ones of that kind: through this index it reads only those,
    // however many spent links the account has, so a reset request for an account costs what one for
    // an unknown address does (docs/operations.md, "No account discovery").
    index('account_tokens_live_user_idx').on(t.userId, t.kind).where(sql`used_at IS NULL`),
  ],
)

/** API keys, stored as SHA-512 of the key (reference §1.2). */
export const apiKeys = sqliteTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    keyHash: text('key_hash').notNull(),
    name: text('name').notNull().default(''),
    userId: text('user_id'),
    /** JSON grants overriding the `apikey` defaults. */
    grants: text('grants'),
    createdAt: integer('created_at').notNull(),
    lastUsed: integer('last_used'),
    revokedAt: integer('revoked_at'),
    /** Generation through this key spends the owner's credits (reference §1.8 `useCredits`). */
    useCredits: integer('use_credits').notNull().default(0),
    /** JSON array of origins allowed to use the key from a browser; null = any. */
    allowedOrigins: text('allowed_origins'),
    updatedAt: integer('updated_at'),
    /** Where job events of this key are POSTed (docs/webhooks.md); null = no webhook. */
    webhookUrl: text('webhook_url'),
    /**
     * `whsec_…` signing secret of this key's webhooks and job callbacks (Standard Webhooks). Kept as
     * written, unlike the key itself: every delivery is signed with it. Shown to the owner once.
     */
    webhookSecret: text('webhook_secret'),
  },
  (t) => [uniqueIndex('api_keys_hash_idx').on(t.keyHash), index('api_keys_user_idx').on(t.userId)],
)

/**
 * Webhook deliveries (docs/webhooks.md): one row per event and receiving URL, durable so a restart
 * loses none. `pending` rows are tried when `next_attempt_at` comes, with exponential back-off, until
 * one answers 2xx (`delivered`) or 24 h after `created_at` (`dropped`, with a notification to the
 * key's owner). `id` is the `webhook-id` every attempt repeats; `body` is the exact JSON signed.
 */
export const webhookDeliveries = sqliteTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    apiKeyId: text('api_key_id').notNull(),
    userId: text('user_id'),
    url: text('url').notNull(),
    /** `job.completed`, `job.failed` or `test`. */
    type: text('type').notNull(),
    jobId: text('job_id'),
    body: text('body').notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'dropped'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at').notNull(),
    /** While an attempt runs: until when it holds the row (a crash leaves it to the next start). */
    leaseUntil: integer('lease_until'),
    /** HTTP status of the last attempt; null when it got no answer. */
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt), index('webhook_deliveries_user_idx').on(t.userId, t.createdAt)],
)

/** Credit ledger (SPEC §3 credit types and periods): each row is one grant of credits, spent down by generation. */
export const credits = sqliteTable(
  'credits',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    type: text('type', { enum: ['free', 'paid', 'reward', 'internal', 'auto'] }).notNull(),
    period: text('period', { enum: ['year', 'month', 'day', 'once'] }).notNull(),
    total: integer('total').notNull(),
    balance: integer('balance').notNull(),
    createdAt: integer('created_at').notNull(),
    /** When the row stops counting (epoch ms); null = never. */
    expiresAt: integer('expires_at'),
  },
  (t) => [index('credits_user_idx').on(t.userId)],
)

/** Subscriptions (SPEC §3 statuses and product groups); only `inactive` and `expired` are not valid. */
export const subscriptions = sqliteTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    productGroup: text('product_group', { enum: ['request_speed', 'feat_pack', 'credits', 'one_time'] }).notNull(),
    status: text('status', { enum: ['active', 'inactive', 'paused', 'pending', 'cancelled', 'expired', 'unpaid'] }).notNull(),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at'),
    expiresAt: integer('expires_at'),
  },
  (t) => [index('subscriptions_user_idx').on(t.userId)],
)

/** Account notifications (SPEC §3): shown in the bell until dismissed. */
export const notifications = sqliteTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    /** Border colour of the notification; null = primary. */
    level: text('level'),
    /** JSON array of `{title, url}`. */
    links: text('links'),
    createdAt: integer('created_at').notNull(),
    dismissedAt: integer('dismissed_at'),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
)

/**
 * The skins a signed-in user got from the legacy v1 generate routes, new or duplicate: MineSkin's
 * `User.skins`, which its v1 generate appends to and `GET /v2/me/legacyskins` lists
 * (src/api/users/routes/me-legacy-skins.ts). One row per user and skin, the first time kept.
 */
export const legacySkins = sqliteTable(
  'legacy_skins',
  {
    userId: text('user_id').notNull(),
    /** Skin uuid, 32 hex. */
    skinUuid: text('skin_uuid').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.skinUuid] }), index('legacy_skins_user_idx').on(t.userId, t.createdAt)],
)

/** Blob store (uploaded originals `images/<hash>`, re-encoded textures `textures/<hash>`). */
export const blobs = sqliteTable('blobs', {
  key: text('key').primaryKey(),
  contentType: text('content_type').notNull(),
  bytes: blob('bytes', { mode: 'buffer' }).notNull(),
  createdAt: integer('created_at').notNull(),
})

/** Generation counters per period, like MineSkin's `mineskin:generated:global:<Y>:<M>:…` keys (§1.8). */
export const statCounters = sqliteTable('stat_counters', {
  key: text('key').primaryKey(),
  value: integer('value').notNull().default(0),
})

/**
 * Metric values kept by the database (docs/operations.md "Metrics"): finished jobs by status and
 * error code, the job wait and run histograms, pool account errors by code and webhook deliveries by
 * status. Triggers on `jobs`, `accounts` and `webhook_deliveries` (migration `metric_values`) write
 * them in the writing transaction, so every process, the API Worker and the console read the same
 * figures. `labels` is a JSON object of label values (`{}` without labels); a histogram is its
 * cumulative `…_bucket` rows (label `le`), `…_count` and a `…_milliseconds_sum` in whole ms, so the
 * sum stays exact. Read by src/api/metrics/metric-values.ts.
 */
export const metricValues = sqliteTable(
  'metric_values',
  {
    name: text('name').notNull(),
    labels: text('labels').notNull(),
    value: integer('value').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.name, t.labels] })],
)

/** Anti-bot proofs already spent (replay protection) until they expire. */
export const antibotSpent = sqliteTable(
  'antibot_spent',
  {
    id: text('id').primaryKey(),
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [index('antibot_spent_expiry_idx').on(t.expiresAt)],
)
