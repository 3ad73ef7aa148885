import { eq } from 'drizzle-orm'
import { z } from 'zod'
import {
  bundles,
  classes,
  conferenceTalks,
  courses,
  ebooks,
  editais,
  feePlans,
  menuOptions,
  pages,
  proceedings,
  products,
  showcaseCards,
  showcaseLists,
} from '../../../db/schema.ts'
import type { AppContext } from '../../context.ts'
import { markdownTexts } from '../../domain/markdown.ts'
import { normaliseText } from '../../domain/translation.ts'
import { catalogVersion, readSnapshot } from '../catalog/snapshot.ts'
import { sha256Hex } from '../hash.ts'

/**
 * Every public text of the catalogue: what its pages show (names, summaries, the markdown of
 * descriptions, pages and editais, the home showcase, the menu, the conference's programme).
 * Unpublished courses, products, bundles and editais are drafts, not the site's texts yet.
 */
async function catalogueTexts(ctx: AppContext): Promise<string[]> {
  const { db } = ctx
  const [
    courseRows,
    classRows,
    productRows,
    bundleRows,
    listRows,
    cardRows,
    menuRows,
    pageRows,
    proceedingRows,
    ebookRows,
    editalRows,
    planRows,
    talkRows,
  ] = await db.batch([
    db
      .select({ name: courses.name, summary: courses.summary, description: courses.description })
      .from(courses)
      .where(eq(courses.isPublished, true)),
    db
      .select({ name: classes.name, location: classes.location })
      .from(classes)
      .innerJoin(courses, eq(courses.id, classes.courseId))
      .where(eq(courses.isPublished, true)),
    db
      .select({ name: products.name, description: products.description })
      .from(products)
      .where(eq(products.isPublished, true)),
    db
      .select({ name: bundles.name, description: bundles.description })
      .from(bundles)
      .where(eq(bundles.isPublished, true)),
    db.select({ title: showcaseLists.title, subTitle: showcaseLists.subTitle }).from(showcaseLists),
    db
      .select({
        name: showcaseCards.name,
        parts: showcaseCards.nameSplited,
        descriptionTitle: showcaseCards.descriptionTitle,
        description: showcaseCards.description,
      })
      .from(showcaseCards),
    db.select({ name: menuOptions.name }).from(menuOptions),
    db.select({ title: pages.title, description: pages.description, body: pages.body }).from(pages),
    db.select({ title: proceedings.title, description: proceedings.description }).from(proceedings),
    db.select({ title: ebooks.title, description: ebooks.description }).from(ebooks),
    db
      .select({ title: editais.title, summary: editais.summary, body: editais.body })
      .from(editais)
      .where(eq(editais.isPublished, true)),
    db
      .select({ name: feePlans.name })
      .from(feePlans)
      .innerJoin(editais, eq(editais.id, feePlans.editalId))
      .where(eq(editais.isPublished, true)),
    db
      .select({
        title: conferenceTalks.title,
        speaker: conferenceTalks.speaker,
        content: conferenceTalks.content,
      })
      .from(conferenceTalks),
  ])
  const fields: Array<string | null> = [
    ...courseRows.flatMap((row) => [row.name, row.summary, row.description]),
    ...classRows.flatMap((row) => [row.name, row.location]),
    ...productRows.flatMap((row) => [row.name, row.description]),
    ...bundleRows.flatMap((row) => [row.name, row.description]),
    ...listRows.flatMap((row) => [row.title, row.subTitle]),
    ...cardRows.flatMap((row) => [row.name, ...(row.parts ?? []), row.descriptionTitle, row.description]),
    ...menuRows.map((row) => row.name),
    ...pageRows.flatMap((row) => [row.title, row.description, row.body]),
    ...proceedingRows.flatMap((row) => [row.title, row.description]),
    ...ebookRows.flatMap((row) => [row.title, row.description]),
    ...editalRows.flatMap((row) => [row.title, row.summary, row.body]),
    ...planRows.map((row) => row.name),
    ...talkRows.flatMap((row) => [row.title, row.speaker, row.content]),
  ]
  // A field is shown whole (a name) or through the simple markdown (a description): both count.
  return fields.flatMap((field) => (field ? [field, ...markdownTexts(field)] : []))
}

/** The SHA-256 of each normalised public text, kept in KV under the catalogue's version. */
async function loadHashes(ctx: AppContext): Promise<string[]> {
  const texts = new Set((await catalogueTexts(ctx)).map(normaliseText).filter((text) => text !== ''))
  return Promise.all([...texts].map(sha256Hex))
}

const SiteTextHashes = z.array(z.string())

// One set per isolate and catalogue version, kept once read (a settled value, never a promise
// another request would wait on: workerd cancels what a finished request left pending).
let memo: { version: string; hashes: Set<string> } | undefined

/**
 * The site's own texts, as SHA-256 hashes of their normalised form (domain/translation.ts): built
 * from the catalogue once per version (a change bumps it), shared through the CATALOG KV.
 */
export async function siteTextHashes(ctx: AppContext): Promise<Set<string>> {
  const version = await catalogVersion(ctx.env)
  if (memo?.version === version) return memo.hashes
  const { value } = await readSnapshot(ctx, 'site-texts', SiteTextHashes, () => loadHashes(ctx))
  const hashes = new Set(value)
  memo = { version, hashes }
  return hashes
}
