import { DEMO_USERS } from '../../db/seed.ts'

/** The demo student signs in at `origin`: the session and hint cookies it sets, as name and value. */
export async function demoStudentCookies(origin: string): Promise<{ name: string; value: string }[]> {
  const login = await fetch(`${origin}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({
      email: DEMO_USERS.student.email,
      password: DEMO_USERS.student.password,
      json: true,
    }),
  })
  if (!login.ok) throw new Error(`login do aluno de demonstração: HTTP ${login.status}`)
  return login.headers.getSetCookie().map((cookie) => {
    const pair = cookie.split(';')[0]!
    const at = pair.indexOf('=')
    return { name: pair.slice(0, at), value: pair.slice(at + 1) }
  })
}
