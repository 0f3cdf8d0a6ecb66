/**
 * The owner's 'Edit' button beside the skin's name (reference/mineskin-api.md §1.7, §3.5).
 * Who owns a skin is the `/user` answer, which the page loader asks with the visitor's cookies and
 * passes in: the page already differs per visitor (their own tag votes), an anonymous visitor's
 * browser then makes no `/user` call the API would refuse (401 without the client cookie; DESIGN.md
 * §4 "no failing request on an anonymous page load"), and the button is there from the first paint
 * instead of popping in. The page renders this island for owners only, so nobody else loads it; it
 * hydrates once the page has loaded and been idle (`hydrate-when.ts`), and its strings come with it
 * rather than in the page (some 2 KB of a Hindi page).
 * @module
 */
import { useEffect, useState } from 'react'
import type { SkinUser } from './skin/edit-dialog'
import { EditDialog } from './skin/edit-dialog'

/** Props of the owner island. */
export interface SkinOwnerProps {
  uuid: string
  /** The stored name ('' when the skin has none). */
  name: string
  visibility: 'public' | 'unlisted' | 'private'
  /** Flag `web.visibility.private`. */
  privateFlag: boolean
  /** What the owner may do now (`GET /v2/skins/{uuid}/user`). */
  user: SkinUser
}

/** The owner island: the 'Edit' button and its dialogs (usable once hydrated). */
export default function SkinOwner(props: SkinOwnerProps) {
  const [ready, setReady] = useState(false)
  useEffect(() => setReady(true), [])
  return <EditDialog {...props} ready={ready} />
}
