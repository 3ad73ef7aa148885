import { ClientFrame } from '../../contract/live-questions.ts'
import {
  FRAME_MAX_CHARS,
  FRAME_WINDOW_MS,
  FRAMES_PER_WINDOW,
  REACTION_MIN_GAP_MS,
  ROOM_CLOSED_MESSAGE,
} from '../../domain/live-questions.ts'
import { ask, moderate, react, vote } from './questions.ts'
import type { Room } from './room.ts'
import { type Attachment, BAD_DATA, POLICY, refuse, send } from './rows.ts'

// A socket's frame, before anything changes: validated (a bad frame closes that socket only), the
// room open, the per-socket limits (frames a window, a reactions frame every few seconds; a viewer
// who breaks them is told, then disconnected) and the role (moderation is the moderators').

export function receive(room: Room, ws: WebSocket, message: string | ArrayBuffer): Promise<void> | void {
  const who = ws.deserializeAttachment() as Attachment | null
  if (!who) return ws.close(POLICY, 'sem identificação')
  if (typeof message !== 'string' || message.length > FRAME_MAX_CHARS) {
    return refuse(ws, BAD_DATA, 'frame', 'Mensagem inválida.')
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(message)
  } catch {
    return refuse(ws, BAD_DATA, 'frame', 'Mensagem inválida.')
  }
  const frame = ClientFrame.safeParse(parsed)
  if (!frame.success) return refuse(ws, BAD_DATA, 'frame', 'Mensagem inválida.')
  if (room.closed) return send(ws, { t: 'closed', msg: ROOM_CLOSED_MESSAGE })
  const now = Date.now()
  const rate = room.rate.get(ws) ?? { windowStart: now, frames: 0, lastReact: 0 }
  if (now - rate.windowStart >= FRAME_WINDOW_MS) {
    rate.windowStart = now
    rate.frames = 0
  }
  rate.frames += 1
  room.rate.set(ws, rate)
  if (rate.frames > FRAMES_PER_WINDOW) {
    return refuse(ws, POLICY, 'rate', 'Mensagens demais em pouco tempo. Recarregue a página para voltar.')
  }
  const data = frame.data
  switch (data.t) {
    case 'ask':
      return ask(room, ws, who, data, now)
    case 'vote':
      return vote(room, ws, who, data)
    case 'react':
      if (now - rate.lastReact < REACTION_MIN_GAP_MS) {
        return refuse(ws, POLICY, 'rate', 'Reações em excesso. Recarregue a página para voltar.')
      }
      rate.lastReact = now
      return react(room, data.counts as Record<string, number | undefined>, now)
    case 'moderate':
      if (who.r !== 'moderator') {
        return refuse(ws, POLICY, 'forbidden', 'Só a moderação pode aprovar, ocultar ou marcar perguntas.')
      }
      return moderate(room, ws, data)
  }
}
