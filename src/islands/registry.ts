/**
 * Server-side island registry: name → component. The browser's lazy registry in `client.ts` must list
 * the same names (a unit test compares them).
 * @module
 */
import AccountButton from './account-button'
import AppDrawer from './app-drawer'
import CopyButtons from './copy-buttons'
import ExportForm from './export-form'
import GalleryScroll from './gallery-scroll'
import GenerateForm from './generate-form'
import JobsButton from './jobs-button'
import MySkins from './my-skins'
import NotificationBell from './notification-bell'
import SearchField from './search-field'
import SkinCommunity from './skin-community'
import SkinOwner from './skin-owner'
import SkinViewer from './skin-viewer'
import SkinEditor from './skin-editor'
import SnackbarHost from './snackbar-host'

/** Every island the server can render. */
export const islands = {
  'search-field': SearchField,
  'jobs-button': JobsButton,
  'notification-bell': NotificationBell,
  'app-drawer': AppDrawer,
  'account-button': AccountButton,
  'snackbar-host': SnackbarHost,
  'generate-form': GenerateForm,
  'gallery-scroll': GalleryScroll,
  'copy-buttons': CopyButtons,
  'skin-community': SkinCommunity,
  'skin-owner': SkinOwner,
  'skin-viewer': SkinViewer,
  'my-skins': MySkins,
  'export-form': ExportForm,
  'skin-editor': SkinEditor,
}

/** Name of an island. */
export type IslandName = keyof typeof islands
