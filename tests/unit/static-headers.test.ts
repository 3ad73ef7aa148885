import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import {
  contentSecurityPolicy,
  OPENER_POLICY,
  PERMISSIONS_POLICY,
} from '../../worker/middleware/security-headers.ts'

// Static files skip the Worker (wrangler.toml run_worker_first): their headers come from
// web/public/_headers, which must say what the Worker says.

async function staticHeaders(pattern: string): Promise<Map<string, string>> {
  const text = await readFile(new URL('../../web/public/_headers', import.meta.url), 'utf8')
  const headers = new Map<string, string>()
  let current: string | null = null
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || line.trim() === '') continue
    if (!/^\s/.test(line)) current = line.trim()
    else if (current === pattern) {
      const at = line.indexOf(':')
      headers.set(line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim())
    }
  }
  return headers
}

describe('static files', () => {
  it("carry the Worker's Content-Security-Policy, framing rules, opener policy and Permissions-Policy", async () => {
    const headers = await staticHeaders('/*')
    expect(headers.get('content-security-policy')).toBe(contentSecurityPolicy())
    expect(headers.get('x-frame-options')).toBe('SAMEORIGIN')
    expect(headers.get('x-content-type-options')).toBe('nosniff')
    expect(headers.get('permissions-policy')).toBe(PERMISSIONS_POLICY)
    expect(headers.get('cross-origin-opener-policy')).toBe(OPENER_POLICY)
  })
})
