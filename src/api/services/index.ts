/**
 * The service bundle the routes use, built once by `createEmbeddedApi`.
 * @module
 */
import type { CapeCatalogue } from '../capes/capes'
import type { JobQueue } from '../jobs/queue/job-queue'
import type { SkinLists } from '../skins/catalogue/skin-lists'
import type { SimilarSkins } from '../skins/catalogue/similar'
import type { ApiContext } from './context'
import type { Generator } from '../jobs/generate/generator'
import type { OwnSkins } from '../skins/services/own-skins'
import type { Stats } from './stats/stats'

/** Everything behind the routes. */
export interface ApiServices {
  ctx: ApiContext
  queue: JobQueue
  generator: Generator
  lists: SkinLists
  similar: SimilarSkins
  stats: Stats
  capes: CapeCatalogue
  ownSkins: OwnSkins
}
