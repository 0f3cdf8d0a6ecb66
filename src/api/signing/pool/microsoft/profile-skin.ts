/**
 * A Minecraft profile's own skin as minecraftservices reports it, kept so "restore my own skin after
 * each use" can put it back.
 * @module
 */
import { z } from 'zod'

/** The ACTIVE skin of a profile: its texture URL and arm model. */
export const profileSkinSchema = z.object({ url: z.string().url(), variant: z.enum(['classic', 'slim']) })
/** One profile skin. */
export type ProfileSkin = z.infer<typeof profileSkinSchema>
