import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { MyCoursesPage } from '../../web/src/features/student/my-courses-page.tsx'
import { mockFetch, renderWithApp } from '../support/web/render.tsx'

// The page also lists the student's certificates (issue 24): none here.
const NO_CERTIFICATES = { body: { profile_name: 'Ana Beatriz Souza', courses: [], certificates: [] } }
const stubFetch = (routes: Parameters<typeof mockFetch>[0]) =>
  vi.stubGlobal('fetch', mockFetch({ '/api/usuario/certificados': NO_CERTIFICATES, ...routes }).fetchMock)

describe('/usuario/cursos', () => {
  it("lists the student's classes: dated ones with their start, the others as 'comece agora'", async () => {
    stubFetch({
      '/api/usuario/cursos': {
        body: [
          {
            class_id: 4,
            class_name: 'Turma de abril',
            course_name: 'Acesso Vascular para Hemodiálise',
            course_url: 'acesso-vascular',
            type: 'N',
            course_init: '2027-04-23',
            enrolled_at: '2026-11-22T10:00:00.000Z',
          },
          {
            class_id: 1,
            class_name: 'Comece agora',
            course_name: 'Hemodiálise para Enfermagem',
            course_url: 'hemodialise-enfermagem',
            type: 'C',
            course_init: null,
            enrolled_at: '2026-11-21T10:00:00.000Z',
          },
        ],
      },
    })
    renderWithApp(<MyCoursesPage />)
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Acesso Vascular para Hemodiálise' }),
    ).toBeTruthy()
    expect(screen.getByText(/Início em 23 de abril de 2027/)).toBeTruthy()
    expect(screen.getByText('comece agora')).toBeTruthy()
    const links = screen.getAllByRole('link', { name: /^Acessar o curso/ }) as HTMLAnchorElement[]
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/usuario/cursos/acesso-vascular',
      '/usuario/cursos/hemodialise-enfermagem',
    ])
  })

  it("tells each online course's evidence, lesson by lesson, and offers the certificate once earned (issue 39)", async () => {
    const lesson = (lesson_id: number, title: string, played_seconds: number, done: boolean) => ({
      lesson_id,
      title,
      kind: 'video' as const,
      duration_seconds: 24,
      played_seconds,
      played_percent: Math.floor((played_seconds * 100) / 24),
      opened: false,
      done,
    })
    const study = (lessons: ReturnType<typeof lesson>[]) => ({
      lessons,
      lessons_done: lessons.filter((row) => row.done).length,
      lessons_total: lessons.length,
      percent: Math.floor((lessons.filter((row) => row.done).length * 100) / lessons.length),
      watched_percent: 50,
      watch_share: 90,
      certificate_share: 100,
      eligible: lessons.every((row) => row.done),
    })
    const course = (id: number, name: string, lessons: ReturnType<typeof lesson>[]) => ({
      course_id: id,
      course_name: name,
      course_url: `curso-${id}`,
      study: study(lessons),
      assessment_pending: false,
      eligible: lessons.every((row) => row.done),
      certificate: null,
    })
    stubFetch({
      '/api/usuario/cursos': { body: [] },
      '/api/usuario/certificados': {
        body: {
          profile_name: 'Ana Beatriz Souza',
          courses: [
            course(1, 'Minicurso: Sinais de Alerta', [
              lesson(1, 'Os sinais', 24, true),
              lesson(2, 'Quem rastrear', 12, false),
            ]),
            course(2, 'Diálise Peritoneal', [lesson(3, 'Prescrição', 24, true)]),
          ],
          certificates: [],
        },
      },
    })
    renderWithApp(<MyCoursesPage />)
    const pending = (
      await screen.findByRole('heading', { level: 3, name: 'Minicurso: Sinais de Alerta' })
    ).closest('li')!
    expect(pending.textContent).toContain(
      '1 de 2 aulas concluídas · vídeos reproduzidos: 50% (o certificado pede 100% das aulas)',
    )
    expect(pending.textContent).toContain(
      'Quem rastrear: Reproduzido 12 s de 24 s (50%; conta a partir de 90%)',
    )
    expect(pending.querySelector('button')).toBeNull()
    const earned = screen.getByRole('heading', { level: 3, name: 'Diálise Peritoneal' }).closest('li')!
    expect(earned.querySelector('button')?.textContent).toBe('Emitir certificado: Diálise Peritoneal')
  })

  it('says so when there are no enrollments', async () => {
    stubFetch({ '/api/usuario/cursos': { body: [] } })
    renderWithApp(<MyCoursesPage />)
    expect(await screen.findByText(/Você ainda não tem matrículas/)).toBeTruthy()
  })

  it('offers a retry when loading fails', { timeout: 10_000 }, async () => {
    // The app's queries retry once on their own: two failures reach the error state.
    const failure = { status: 503, body: { msg: 'Serviço indisponível' } }
    stubFetch({ '/api/usuario/cursos': [failure, failure, { body: [] }] })
    renderWithApp(<MyCoursesPage />)
    const retry = await screen.findByRole('button', { name: 'Tentar novamente' }, { timeout: 5000 })
    retry.click()
    expect(await screen.findByText(/Você ainda não tem matrículas/)).toBeTruthy()
  })
})
