/**
 * Seeds the demo data of the Instituto Renalis when the database is empty.
 * Run with `npm run db:seed` (DATABASE_URL, default http://127.0.0.1:8080, and DATABASE_AUTH_TOKEN).
 */
import { count } from 'drizzle-orm'
import type { LibSQLDatabase } from 'drizzle-orm/libsql'
import { INSTITUTE } from '../worker/domain/institute.ts'
import { hashPassword } from '../worker/domain/password.ts'
import { createDb } from './client.ts'
import * as schema from './schema.ts'
import { DEMO_ASSESSMENT, DEMO_QUESTION_ROWS } from './seed-data/assessment.ts'
import {
  BUNDLE_CLASS_ROWS,
  BUNDLE_ROWS,
  CLASS_ROWS,
  COUPON_ROWS,
  COURSE_ROWS,
  EBOOK_ROWS,
  PRODUCT_ROWS,
  SEED_IDS,
} from './seed-data/catalog.ts'
import { TALK_ROWS } from './seed-data/conference.ts'
import { EDITAL_ROWS, FEE_PLAN_ROWS } from './seed-data/editais.ts'
import { PAGE_ROWS, PROCEEDING_ROWS } from './seed-data/pages.ts'
import { HOME_CARD_ROWS, HOME_LIST_ROWS, MENU_OPTION_ROWS } from './seed-data/showcase.ts'
import {
  CLASS_DETAILS,
  DEMO_APPLICATION_ROWS,
  DEMO_ENROLLMENT_ROWS,
  DEMO_LIBRARY_ROWS,
  DEMO_OPENING_ROWS,
  DEMO_ORDER_ITEM_ROWS,
  DEMO_ORDER_ROWS,
  DEMO_PLAN_PAYMENT_ROWS,
  DEMO_PROGRESS_ROWS,
  DEMO_SEGMENT_ROWS,
  LESSON_ROWS,
  MATERIAL_ROWS,
  MODULE_ROWS,
  SPECIALIZATION_EDITAL,
  SPECIALIZATION_PLAN_ROWS,
} from './seed-data/student.ts'

/** Both the web driver (db/client.ts) and the node driver (tests) satisfy this. */
export type SeedableDb = LibSQLDatabase<typeof schema>

export const DEMO_USERS = {
  admin: { email: 'admin@instituto.test', password: 'Admin@12345', name: 'Administração Renalis' },
  student: {
    email: 'aluno@instituto.test',
    password: 'Aluno@12345',
    name: 'Ana Beatriz Souza',
    phone: '(41) 99876-5432',
  },
} as const

async function userRows(): Promise<(typeof schema.users.$inferInsert)[]> {
  const { admin, student } = DEMO_USERS
  const [adminHash, studentHash] = await Promise.all([
    hashPassword(admin.password),
    hashPassword(student.password),
  ])
  return [
    {
      id: SEED_IDS.users.admin,
      name: admin.name,
      email: admin.email.toLowerCase(),
      type: 'A',
      passwordHash: adminHash,
      emailVerifiedAt: new Date(0),
    },
    {
      id: SEED_IDS.users.student,
      name: student.name,
      email: student.email.toLowerCase(),
      phone: student.phone,
      type: 'N',
      passwordHash: studentHash,
      emailVerifiedAt: new Date(0),
    },
  ]
}

const LEAD_ROWS: (typeof schema.leads.$inferInsert)[] = [
  {
    name: 'Carla Mendes Oliveira',
    email: 'carla.mendes@example.com',
    phone: '(41) 98812-3344',
    description:
      'Sou enfermeira e gostaria de saber se o curso de Hemodiálise para Enfermagem tem prática presencial em Curitiba.',
    target: 'contato',
    recipient: INSTITUTE.emails.education,
    createdAt: new Date('2026-11-18T10:42:00-03:00'),
  },
  {
    name: 'Dr. Paulo Henrique Garcia',
    email: 'phgarcia.nefro@example.com',
    phone: '(43) 99120-7788',
    description: 'Há vagas para a turma de abril do curso de Acesso Vascular? Posso parcelar em 12 vezes?',
    target: 'chat',
    recipient: INSTITUTE.emails.education,
    // Answered: its state says so (is_handled follows it), with the team's note.
    isHandled: true,
    state: 'answered',
    note: 'Respondido no chat: há vagas na turma de abril; parcela em até 12x no cartão.',
    createdAt: new Date('2026-11-19T16:05:00-03:00'),
  },
  {
    name: 'Luana Ribeiro dos Santos',
    email: 'luana.rsantos@example.com',
    phone: '(41) 3344-5566',
    description: 'Meu pai faz hemodiálise e tem interesse em participar de estudos clínicos. Como funciona?',
    target: 'contato',
    recipient: INSTITUTE.emails.contact,
    createdAt: new Date('2026-11-20T09:15:00-03:00'),
  },
]

const QR_LINK_ROWS: (typeof schema.qrLinks.$inferInsert)[] = [
  {
    id: 1,
    slug: 'acesso-vascular-2027',
    title: 'Folder do curso de Acesso Vascular para Hemodiálise',
    targetUrl: '/cursos/acesso-vascular-para-hemodialise',
  },
]

async function hasUsers(db: SeedableDb) {
  const [row] = await db.select({ users: count() }).from(schema.users)
  return (row?.users ?? 0) > 0
}

/** Inserts everything in one atomic batch (one round trip) when no user exists yet. */
export async function seedDatabase(db: SeedableDb): Promise<{ seeded: boolean }> {
  if (await hasUsers(db)) return { seeded: false }

  const users = await userRows()
  try {
    // Parents before children: the foreign keys are checked statement by statement.
    await db.batch([
      db.insert(schema.users).values(users),
      db.insert(schema.courses).values(COURSE_ROWS),
      db.insert(schema.classes).values(
        CLASS_ROWS.map((row) => ({
          ...row,
          details: (row.id && CLASS_DETAILS[row.id]) || row.details || '',
        })),
      ),
      db.insert(schema.products).values(PRODUCT_ROWS),
      db.insert(schema.bundles).values(BUNDLE_ROWS),
      db.insert(schema.bundleClasses).values(BUNDLE_CLASS_ROWS),
      db.insert(schema.coupons).values(COUPON_ROWS),
      db.insert(schema.showcaseLists).values(HOME_LIST_ROWS),
      db.insert(schema.showcaseCards).values(HOME_CARD_ROWS),
      db.insert(schema.menuOptions).values(MENU_OPTION_ROWS),
      db.insert(schema.pages).values(PAGE_ROWS),
      db.insert(schema.proceedings).values(PROCEEDING_ROWS),
      db.insert(schema.ebooks).values(EBOOK_ROWS),
      db.insert(schema.editais).values([...EDITAL_ROWS, SPECIALIZATION_EDITAL]),
      db.insert(schema.feePlans).values([...FEE_PLAN_ROWS, ...SPECIALIZATION_PLAN_ROWS]),
      // The student area: course content, and the demo student's purchases, studies and fees.
      db.insert(schema.courseModules).values(MODULE_ROWS),
      db.insert(schema.lessons).values(LESSON_ROWS),
      db.insert(schema.courseMaterials).values(MATERIAL_ROWS),
      db.insert(schema.assessmentSettings).values(DEMO_ASSESSMENT),
      db.insert(schema.assessmentQuestions).values(DEMO_QUESTION_ROWS),
      db.insert(schema.orders).values(DEMO_ORDER_ROWS),
      db.insert(schema.orderItems).values(DEMO_ORDER_ITEM_ROWS),
      db.insert(schema.enrollments).values(DEMO_ENROLLMENT_ROWS),
      db.insert(schema.lessonProgress).values(DEMO_PROGRESS_ROWS),
      db.insert(schema.lessonSegments).values(DEMO_SEGMENT_ROWS),
      db.insert(schema.lessonOpenings).values(DEMO_OPENING_ROWS),
      db.insert(schema.ebookLibrary).values(DEMO_LIBRARY_ROWS),
      db.insert(schema.applications).values(DEMO_APPLICATION_ROWS),
      db.insert(schema.planPayments).values(DEMO_PLAN_PAYMENT_ROWS),
      db.insert(schema.conferenceTalks).values(TALK_ROWS),
      db.insert(schema.leads).values(LEAD_ROWS),
      db.insert(schema.qrLinks).values(QR_LINK_ROWS),
    ])
  } catch (error) {
    // Another seeder won the race between the check and the batch; ours rolled back whole.
    if (await hasUsers(db)) return { seeded: false }
    throw error
  }
  return { seeded: true }
}

/** What the seed holds, for the command-line summary. */
export const SEED_SUMMARY = {
  usuários: 2,
  cursos: COURSE_ROWS.length,
  turmas: CLASS_ROWS.length,
  produtos: PRODUCT_ROWS.length,
  pacotes: BUNDLE_ROWS.length,
  cupons: COUPON_ROWS.length,
  'listas da home': HOME_LIST_ROWS.length,
  'cards da home': HOME_CARD_ROWS.length,
  'opções de menu': MENU_OPTION_ROWS.length,
  páginas: PAGE_ROWS.length,
  anais: PROCEEDING_ROWS.length,
  'e-books': EBOOK_ROWS.length,
  editais: EDITAL_ROWS.length + 1,
  'planos de taxa': FEE_PLAN_ROWS.length + SPECIALIZATION_PLAN_ROWS.length,
  'módulos de curso': MODULE_ROWS.length,
  aulas: LESSON_ROWS.length,
  'questões de avaliação': DEMO_QUESTION_ROWS.length,
  'materiais de curso': MATERIAL_ROWS.length,
  'pedidos da aluna de demonstração': DEMO_ORDER_ROWS.length,
  palestras: TALK_ROWS.length,
  leads: LEAD_ROWS.length,
  'links QR': QR_LINK_ROWS.length,
}

async function main() {
  const url = process.env.DATABASE_URL ?? 'http://127.0.0.1:8080'
  const db = createDb({ url, authToken: process.env.DATABASE_AUTH_TOKEN })
  const { seeded } = await seedDatabase(db)
  if (!seeded) {
    console.log(`Banco ${url} já tem usuários: nada foi inserido.`)
    return
  }
  console.log(`Banco ${url} populado com os dados de demonstração:`)
  for (const [what, howMany] of Object.entries(SEED_SUMMARY)) console.log(`  ${what}: ${howMany}`)
  console.log(`Acesso de administrador: ${DEMO_USERS.admin.email} / ${DEMO_USERS.admin.password}`)
  console.log(`Acesso de aluno: ${DEMO_USERS.student.email} / ${DEMO_USERS.student.password}`)
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    console.error('Falha ao popular o banco:', error)
    process.exitCode = 1
  })
}
