import { DurableObject } from 'cloudflare:workers'
import type { LiveBoard } from '../contract/live-questions.ts'
import type { Env } from '../env.ts'
import { open, ring } from './live-room/alarms.ts'
import { flush } from './live-room/flush.ts'
import { forget } from './live-room/forget.ts'
import { receive } from './live-room/frames.ts'
import { type Due, Room } from './live-room/room.ts'
import type { Attachment } from './live-room/rows.ts'
import { boardNow, welcome } from './live-room/snapshot.ts'
import type { LiveRoomStats, LiveRoomStub, LiveTalk, LiveViewer } from './stubs.ts'

/**
 * A talk's live room (issue 44, DESIGN 9d): its questions, votes and reactions, and every viewer's
 * WebSocket, accepted with the Hibernation API so that an idle audience costs nothing — no timer
 * runs here: the broadcast of votes and reactions (at most once a second), the database's copy
 * (once a minute), the talk's close and the storage's wipe are all alarms. The Worker has checked
 * the session and the talk on the clock before the upgrade, and says who connects and as what;
 * the clock is never read here.
 *
 * Everything lives in the room's SQLite storage, so a room woken from hibernation resumes where it
 * was: the questions (pending and hidden ones only here), who voted for what, the sequence number
 * and the last EVENT_LOG_SIZE broadcasts, which a reconnecting client gets from its last number.
 * Only the per-socket frame counters and the reactions of the current second are in memory.
 *
 * Its parts, in live-room/: the shared state and storage (room.ts), the rows and the frames they
 * become (rows.ts), a socket's frames checked (frames.ts) and what they do (questions.ts), the
 * welcome with what was missed or a snapshot (snapshot.ts), the alarm's tick, close and wipe
 * (alarms.ts), the database's copy (flush.ts) and an account's deletion (forget.ts).
 */
export class LiveRoom extends DurableObject<Env> implements LiveRoomStub {
  private readonly room: Room

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env)
    // Pings are answered without waking the room.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('{"t":"ping"}', '{"t":"pong"}'))
    this.room = new Room(ctx, env)
  }

  /** The upgrade, forwarded by the Worker (worker/services/conference/live.ts) with who connects. */
  override async fetch(request: Request): Promise<Response> {
    const viewer = JSON.parse(request.headers.get('x-live-viewer') ?? 'null') as LiveViewer | null
    const talk = JSON.parse(request.headers.get('x-live-talk') ?? 'null') as
      | (LiveTalk & { closesIn: number })
      | null
    if (!viewer || !talk || request.headers.get('upgrade')?.toLowerCase() !== 'websocket') {
      return new Response('Esperava uma conexão WebSocket.', { status: 426 })
    }
    await open(this.room, talk)
    const since = Number(new URL(request.url).searchParams.get('since') ?? Number.NaN)
    const pair = new WebSocketPair()
    const [client, server] = [pair[0], pair[1]]
    this.ctx.acceptWebSocket(server, [viewer.role, `u:${viewer.userId}`])
    server.serializeAttachment({ u: viewer.userId, r: viewer.role, n: viewer.name } satisfies Attachment)
    server.send(JSON.stringify(welcome(this.room, viewer, Number.isSafeInteger(since) ? since : null)))
    return new Response(null, { status: 101, webSocket: client })
  }

  /** The public board (the snapshot the Worker serves where WebSockets cannot connect). */
  async board(): Promise<LiveBoard> {
    return boardNow(this.room)
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    return receive(this.room, ws, message)
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string) {
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, reason)
    } catch {
      // already closed
    }
  }

  override async webSocketError(ws: WebSocket) {
    try {
      ws.close(1011, 'erro')
    } catch {
      // already closed
    }
  }

  override async alarm(): Promise<void> {
    return ring(this.room)
  }

  /** Writes what changed since the last flush to the database; tests and the close call it too. */
  async flush(): Promise<{ questions: number; reactions: number }> {
    return flush(this.room)
  }

  /** An account was deleted (LGPD): its name leaves this room at once (live-room/forget.ts). */
  async forget(userId: number): Promise<{ questions: number }> {
    return forget(this.room, userId)
  }

  /** The room's due times; the worker tests bring the flush forward through runInDurableObject. */
  private get due(): Map<Due, number> {
    return this.room.due
  }
  private set due(due: Map<Due, number>) {
    this.room.due = due
  }

  /** For the tests and the benchmark: sockets held and what the room has done. */
  async stats(): Promise<LiveRoomStats> {
    return {
      sockets: this.ctx.getWebSockets().length,
      seq: this.room.seq,
      ...this.room.counters,
      due: Object.fromEntries(this.room.due),
    }
  }
}
