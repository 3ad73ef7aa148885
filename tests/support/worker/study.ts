import { eq, sql } from 'drizzle-orm'
import { expect } from 'vitest'
import type { Db } from '../../../db/client.ts'
import * as schema from '../../../db/schema.ts'
import { StudyAnswer } from '../../../worker/contract/study.ts'
import { createClass, createCourse, testDb } from './db.ts'
import { workerFetch } from './http.ts'

// Evidence of study (issue 39) as a test earns it: a course of short video lessons (a few seconds,
// so a test plays them without waiting) and readings, and the player's calls.

const BASE = 'http://localhost'

type Lesson = typeof schema.lessons.$inferSelect

/**
 * An online course of `videos` video lessons of `seconds` each, then `readings` readings, in one
 * module, and its class ('comece agora').
 */
export async function studyCourse(
  db: Db,
  {
    videos = 3,
    seconds = 4,
    readings = 1,
    ...values
  }: { videos?: number; seconds?: number; readings?: number } & Partial<
    typeof schema.courses.$inferInsert
  > = {},
) {
  const course = await createCourse(db, values)
  const turma = await createClass(db, { courseId: course.id, type: 'C' })
  const [module] = await db
    .insert(schema.courseModules)
    .values({ courseId: course.id, title: 'Módulo 1' })
    .returning()
  const rows = [
    ...Array.from({ length: videos }, (_, i) => ({
      title: `Videoaula ${i + 1}`,
      youtubeId: 'dQw4w9WgXcQ',
      durationSeconds: seconds,
    })),
    ...Array.from({ length: readings }, (_, i) => ({
      title: `Leitura ${i + 1}`,
      youtubeId: null,
      durationSeconds: null,
    })),
  ].map((row, i) => ({ ...row, moduleId: module!.id, sortOrder: i + 1 }))
  const lessons = await db.insert(schema.lessons).values(rows).returning()
  return {
    course,
    turma,
    lessons,
    videos: lessons.filter((lesson) => lesson.youtubeId !== null),
    readings: lessons.filter((lesson) => lesson.youtubeId === null),
  }
}

/** A call of the lesson player, as the browser makes it. */
export async function playerCall(path: string, cookie: string | null, body?: unknown) {
  const headers: Record<string, string> = { origin: BASE, accept: 'application/json' }
  if (cookie) headers.cookie = cookie
  if (body !== undefined) headers['content-type'] = 'application/json'
  const response = await workerFetch(`${BASE}${path}`, {
    method: 'POST',
    headers,
    body: body === undefined ? null : JSON.stringify(body),
  })
  const text = await response.text()
  // biome-ignore lint/suspicious/noExplicitAny: read as loose JSON; the contract test checks its shape
  return { status: response.status, body: (text ? JSON.parse(text) : null) as any, response }
}

export type Segment = { from: number; to: number; wall_ms: number; rate: number }

/** A beat of the playback `playback` on a lesson. */
export const beat = (lessonId: number, cookie: string | null, playback: string, segments: Segment[] = []) =>
  playerCall(`/api/usuario/aulas/${lessonId}/reproducao`, cookie, { playback, segments })

/**
 * The playback's clock moved back `ms`: the wall time a student playing would have spent (a test
 * cannot wait it; the budget is 2× the time since the playback opened).
 */
export const spentOn = (playback: string, ms: number) =>
  testDb()
    .update(schema.lessonPlaybacks)
    .set({ openedAt: sql`${schema.lessonPlaybacks.openedAt} - ${ms}` })
    .where(eq(schema.lessonPlaybacks.playback, playback))

/** Plays a video lesson whole at 2× in a new playback: its opening beat, half its length, the whole of it. */
export async function playWhole(lesson: Lesson, cookie: string) {
  const playback = crypto.randomUUID()
  expect((await beat(lesson.id, cookie, playback)).status).toBe(200)
  const ms = (lesson.durationSeconds ?? 0) * 1000
  await spentOn(playback, ms / 2)
  const played = await beat(lesson.id, cookie, playback, [{ from: 0, to: ms, wall_ms: ms / 2, rate: 2 }])
  expect(played.status, JSON.stringify(played.body)).toBe(200)
  return StudyAnswer.parse(played.body)
}

/** Opens a reading. */
export async function openReading(lesson: Lesson, cookie: string) {
  const opened = await playerCall(`/api/usuario/aulas/${lesson.id}/aberta`, cookie)
  expect(opened.status, JSON.stringify(opened.body)).toBe(200)
  return StudyAnswer.parse(opened.body)
}

/** Every lesson done by evidence: each video played whole at 2×, each reading opened. */
export async function studyAll(lessons: Lesson[], cookie: string) {
  for (const lesson of lessons) {
    if (lesson.youtubeId) await playWhole(lesson, cookie)
    else await openReading(lesson, cookie)
  }
}
