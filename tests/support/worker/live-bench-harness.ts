// The live-questions benchmark's Worker (tests/bench/live-room.ts): the talk's room itself, under
// Miniflare directly, behind a front that stands in for the Worker's checks (session, presence
// ticket, clock), so what is measured is the room's accepting and broadcasting.
import type { Env } from '../../../worker/env.ts'

export { LiveRoom } from '../../../worker/durable/live-room.ts'

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const url = new URL(request.url)
    const room = env.LIVE_ROOMS.get(env.LIVE_ROOMS.idFromName('bench'))
    if (url.pathname === '/stats') return Response.json(await room.stats())
    const userId = Number(url.searchParams.get('u') ?? 0)
    const role = url.searchParams.get('role') === 'moderator' ? 'moderator' : 'viewer'
    return room.fetch('https://live-room.internal/', {
      headers: {
        upgrade: 'websocket',
        'x-live-viewer': JSON.stringify({ userId, role, name: `Pessoa${userId}` }),
        'x-live-talk': JSON.stringify({ day: 1, slot: 1, closesIn: 3_600_000 }),
      },
    })
  },
}
