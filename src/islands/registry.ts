/**
 * Server-side island registry: name → component. The browser's lazy registry in `client.ts` must list
 * the same names (a unit test compares them).
 * @module
 */
import AccountButton from './account-button'
import AppDrawer from './app-drawer'
import GenerateForm from './generate-form'
import JobsButton from './jobs-button'
import NotificationBell from './notification-bell'
import SearchField from './search-field'
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
}

/** Name of an island. */
export type IslandName = keyof typeof islands
