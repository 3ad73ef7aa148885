import { newApp } from '../openapi.ts'
import { conferenceRoutes } from './conference.ts'
import { liveQuestionRoutes } from './live-questions.ts'

/**
 * The Jornada's live side (the talk's video, the attendance heartbeat, the live questions'
 * WebSocket and board): built on the first request under their paths (worker/app.ts, AREAS), not
 * at startup — only someone watching the conference needs them.
 */
export const conferenceAreaRoutes = newApp().route('/', conferenceRoutes).route('/', liveQuestionRoutes)
