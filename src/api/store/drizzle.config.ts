/**
 * drizzle-kit configuration: `bunx drizzle-kit generate --config src/api/store/drizzle.config.ts`
 * writes SQL migrations next to the schema. FTS5 tables and triggers live in a hand-written
 * (`--custom`) migration because drizzle-kit does not model virtual tables.
 * @module
 */
import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'sqlite',
  schema: './src/api/store/schema.ts',
  out: './src/api/store/migrations',
})
