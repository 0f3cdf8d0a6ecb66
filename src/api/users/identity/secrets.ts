/**
 * Instance secrets kept as files in DATA_DIR (session secret, anti-bot HMAC key). Created once
 * with 32 random bytes and mode 0600, then read back on every start, so restarts keep sessions
 * and outstanding challenges valid.
 * @module
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { randomHex } from '../../ids'
import { makePrivateDir, PRIVATE_FILE_MODE } from '../../store/private-files'

/** Reads the hex secret at `path`, creating it (64 hex chars) when absent. */
export function readOrCreateSecret(path: string): string {
  if (existsSync(path)) {
    const existing = readFileSync(path, 'utf8').trim()
    if (existing.length >= 32) return existing
  }
  // A DATA_DIR made here is owner-only like the files in it.
  makePrivateDir(dirname(path))
  const secret = randomHex(32)
  // `wx` refuses to overwrite: if another process created the file meanwhile, read theirs.
  try {
    writeFileSync(path, secret, { mode: PRIVATE_FILE_MODE, flag: 'wx' })
    return secret
  } catch {
    return readFileSync(path, 'utf8').trim()
  }
}
