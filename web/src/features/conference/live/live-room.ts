import { useCallback, useEffect, useReducer, useRef } from 'react'
import {
  type BoardQuestion,
  LiveBoard,
  type OwnQuestion,
  type QueueQuestion,
  type RoomEvent,
  ServerFrame,
} from '../../../../../worker/contract/live-questions.ts'
import {
  type LiveRole,
  type ModerationAction,
  REACTION_MAX_PER_FRAME,
  REACTION_SEND_INTERVAL_MS,
  type ReactionKind,
} from '../../../../../worker/domain/live-questions.ts'
import { api } from '../../../lib/api.ts'

/** The talk's live questions, where its WebSocket and its snapshot live. */
const livePath = (key: number) => `/api/jornada/presenca/perguntas/${key}`

type Connection = 'connecting' | 'open' | 'fallback' | 'closed'

export type LiveState = {
  connection: Connection
  seq: number
  /** The board as shown. */
  board: Map<string, BoardQuestion>
  /** Approved since the viewer last pressed 'Mostrar novas' (shown then). */
  unseen: Map<string, BoardQuestion>
  mine: Map<string, OwnQuestion>
  voted: Set<string>
  queue: Map<string, QueueQuestion>
  reactions: Record<string, number>
  notice: string | null
  closedMessage: string | null
}

type Action =
  | { type: 'frame'; frame: ServerFrame }
  | { type: 'snapshot'; board: LiveBoard }
  | { type: 'connection'; connection: Connection }
  | { type: 'showNew' }
  | { type: 'notice'; notice: string | null }
  | { type: 'voted'; id: string }

const initial = (): LiveState => ({
  connection: 'connecting',
  seq: 0,
  board: new Map(),
  unseen: new Map(),
  mine: new Map(),
  voted: new Set(),
  queue: new Map(),
  reactions: {},
  notice: null,
  closedMessage: null,
})

function applyEvent(state: LiveState, event: RoomEvent): LiveState {
  switch (event.k) {
    case 'question': {
      const onBoard = state.board.has(event.q.id)
      // A question new to the board waits behind 'Mostrar novas' (the list never moves under the
      // reader); one already shown, or the reader's own, updates in place.
      if (!onBoard && !state.mine.has(event.q.id)) {
        const unseen = new Map(state.unseen)
        unseen.set(event.q.id, event.q)
        return { ...state, unseen }
      }
      const board = new Map(state.board)
      board.set(event.q.id, event.q)
      return { ...state, board }
    }
    case 'removed': {
      const board = new Map(state.board)
      const unseen = new Map(state.unseen)
      board.delete(event.id)
      unseen.delete(event.id)
      return { ...state, board, unseen }
    }
    case 'tick': {
      const board = new Map(state.board)
      const unseen = new Map(state.unseen)
      const queue = new Map(state.queue)
      for (const [id, votes] of event.votes) {
        for (const map of [board, unseen]) {
          const question = map.get(id)
          if (question) map.set(id, { ...question, votes })
        }
        const queued = queue.get(id)
        if (queued) queue.set(id, { ...queued, votes })
      }
      const reactions = { ...state.reactions }
      for (const [kind, count] of Object.entries(event.reactions))
        reactions[kind] = (reactions[kind] ?? 0) + count
      return { ...state, board, unseen, queue, reactions }
    }
    case 'queue': {
      const queue = new Map(state.queue)
      queue.set(event.q.id, event.q)
      return { ...state, queue }
    }
  }
}

function reduce(state: LiveState, action: Action): LiveState {
  switch (action.type) {
    case 'connection':
      return { ...state, connection: action.connection }
    case 'notice':
      return { ...state, notice: action.notice }
    case 'voted':
      return { ...state, voted: new Set([...state.voted, action.id]) }
    case 'showNew': {
      const board = new Map([...state.board, ...state.unseen])
      return { ...state, board, unseen: new Map() }
    }
    case 'snapshot':
      if (action.board.seq < state.seq) return state
      return {
        ...state,
        seq: action.board.seq,
        board: new Map(action.board.questions.map((q) => [q.id, q])),
        unseen: new Map(),
        reactions: action.board.reactions,
        closedMessage: action.board.open
          ? state.closedMessage
          : 'A palestra terminou: o quadro de perguntas foi encerrado.',
      }
    case 'frame': {
      const frame = action.frame
      switch (frame.t) {
        case 'welcome': {
          let next: LiveState = {
            ...state,
            connection: 'open',
            mine: new Map(frame.mine.map((q) => [q.id, q])),
            voted: new Set(frame.voted),
          }
          if (frame.board) {
            next = reduce(next, { type: 'snapshot', board: frame.board })
            if (frame.queue) next.queue = new Map(frame.queue.map((q) => [q.id, q]))
          }
          for (const { e } of frame.missed ?? []) next = applyEvent(next, e)
          return { ...next, seq: frame.seq }
        }
        case 'event':
          if (frame.seq <= state.seq) return state // already applied (a resumed copy)
          return { ...applyEvent(state, frame.e), seq: frame.seq }
        case 'mine': {
          const mine = new Map(state.mine)
          mine.set(frame.q.id, frame.q)
          return { ...state, mine }
        }
        case 'ack':
          return frame.ok ? state : { ...state, notice: frame.msg ?? null }
        case 'error':
          return { ...state, notice: frame.msg }
        case 'closed':
          return { ...state, connection: 'closed', closedMessage: frame.msg }
      }
    }
  }
}

/** Jittered exponential backoff: 1 s, 2 s, 4 s… up to 30 s, each between half and all of it. */
const backoff = (attempt: number) => {
  const ceiling = Math.min(30_000, 1000 * 2 ** attempt)
  return ceiling / 2 + Math.random() * (ceiling / 2)
}

/** After this many failed connections in a row, the board also reads the snapshot every few seconds. */
const FALLBACK_AFTER = 2
const SNAPSHOT_POLL_MS = 5000

const newClientId = () => crypto.randomUUID().replaceAll('-', '').slice(0, 24)

/**
 * A talk's live room over its WebSocket (issue 44): the board, the person's own questions, the
 * moderators' queue; reconnection with jittered backoff from the last sequence number seen (the
 * room sends what was missed, or the board); where the socket cannot connect, the snapshot read
 * every few seconds. Asks and votes carry client ids and are sent again after a reconnection
 * until acknowledged, which the room makes harmless.
 */
export function useLiveRoom(key: number, role: LiveRole) {
  const [state, dispatch] = useReducer(reduce, undefined, initial)
  const socket = useRef<WebSocket | null>(null)
  const seq = useRef(0)
  seq.current = state.seq
  const unacked = useRef(new Map<string, object>())
  const reactions = useRef<Record<string, number>>({})

  useEffect(() => {
    let stopped = false
    let attempt = 0
    let retry: ReturnType<typeof setTimeout> | undefined
    let poll: ReturnType<typeof setInterval> | undefined

    const readSnapshot = () =>
      api<LiveBoard>(`${livePath(key)}/quadro`, { schema: LiveBoard, globalErrors: false })
        .then((board) => {
          if (!stopped) dispatch({ type: 'snapshot', board })
        })
        .catch(() => undefined)

    const connect = () => {
      if (stopped) return
      dispatch({ type: 'connection', connection: attempt >= FALLBACK_AFTER ? 'fallback' : 'connecting' })
      const url = new URL(livePath(key), window.location.href)
      url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
      if (role !== 'viewer') url.searchParams.set('papel', role === 'moderator' ? 'moderacao' : 'palestrante')
      if (seq.current > 0) url.searchParams.set('since', String(seq.current))
      const ws = new WebSocket(url)
      socket.current = ws
      let opened = false
      ws.addEventListener('open', () => {
        opened = true
        attempt = 0
        if (poll) clearInterval(poll)
        poll = undefined
        for (const frame of unacked.current.values()) ws.send(JSON.stringify(frame))
      })
      ws.addEventListener('message', (event) => {
        let parsed: ServerFrame
        try {
          parsed = ServerFrame.parse(JSON.parse(String(event.data)))
        } catch {
          return // a pong, or a frame this page does not know
        }
        if (parsed.t === 'ack') unacked.current.delete(parsed.cid)
        dispatch({ type: 'frame', frame: parsed })
      })
      ws.addEventListener('close', (event) => {
        if (socket.current === ws) socket.current = null
        if (stopped) return
        if (event.code === 1000 && event.reason === 'encerrada') return
        // A rule broken (1008) or a bad frame (1007): the page says why and does not insist.
        if (event.code === 1008 || event.code === 1007) return
        if (!opened) attempt += 1
        if (attempt >= FALLBACK_AFTER && !poll) {
          void readSnapshot()
          poll = setInterval(readSnapshot, SNAPSHOT_POLL_MS)
        }
        retry = setTimeout(connect, backoff(attempt))
      })
    }

    // The snapshot first: the board shows at once, and the call sets the presence ticket.
    void readSnapshot().finally(connect)
    const ping = setInterval(() => {
      if (socket.current?.readyState === WebSocket.OPEN) socket.current.send('{"t":"ping"}')
    }, 30_000)
    const sendReactions = setInterval(() => {
      const counts = reactions.current
      if (!Object.keys(counts).length || socket.current?.readyState !== WebSocket.OPEN) return
      reactions.current = {}
      socket.current.send(JSON.stringify({ t: 'react', counts }))
    }, REACTION_SEND_INTERVAL_MS)
    return () => {
      stopped = true
      clearTimeout(retry)
      clearInterval(poll)
      clearInterval(ping)
      clearInterval(sendReactions)
      socket.current?.close(1000, 'saiu')
      socket.current = null
    }
  }, [key, role])

  const send = useCallback((frame: { cid: string } & Record<string, unknown>) => {
    unacked.current.set(frame.cid, frame)
    if (socket.current?.readyState === WebSocket.OPEN) socket.current.send(JSON.stringify(frame))
  }, [])

  return {
    state,
    ask: (text: string, anonymous: boolean) => send({ t: 'ask', cid: newClientId(), text, anonymous }),
    vote: (qid: string) => {
      dispatch({ type: 'voted', id: qid })
      send({ t: 'vote', cid: newClientId(), qid })
    },
    moderate: (qid: string, action: ModerationAction) =>
      send({ t: 'moderate', cid: newClientId(), qid, action }),
    react: (kind: ReactionKind) => {
      reactions.current[kind] = Math.min(REACTION_MAX_PER_FRAME, (reactions.current[kind] ?? 0) + 1)
    },
    showNew: () => dispatch({ type: 'showNew' }),
    dismissNotice: () => dispatch({ type: 'notice', notice: null }),
  }
}
