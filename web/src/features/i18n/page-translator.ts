/**
 * The optional page translation widget (SPEC sections 4 and 7): the page's main text through the
 * same path as the toasts (catalogue, this browser's copy, the Worker, which translates only the
 * site's own texts). Personal pages are skipped whole. Text nodes are rewritten
 * in place, so React keeps its nodes; their Portuguese is kept to translate again or restore.
 */
import type { TranslationTarget } from '../../../../worker/domain/languages.ts'
import { translateTexts } from '../../i18n/translate.ts'

const originals = new WeakMap<Text, string>()
const SKIP = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEXTAREA', 'INPUT', 'SELECT', 'OPTION', 'CODE', 'PRE'])

function textNodes(root: HTMLElement): Text[] {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode(node) {
      const parent = node.parentElement
      if (!parent || SKIP.has(parent.tagName) || parent.closest('[translate="no"]'))
        return NodeFilter.FILTER_REJECT
      const text = originals.get(node as Text) ?? node.nodeValue ?? ''
      return /\p{L}/u.test(text) ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT
    },
  })
  const nodes: Text[] = []
  while (walker.nextNode()) nodes.push(walker.currentNode as Text)
  return nodes
}

/** Translates the text under `root`; answers the first translated text (what the SPEC's widget reads). */
export async function translatePage(root: HTMLElement, language: TranslationTarget): Promise<string | null> {
  // A personal page (translate="no" on its main region): nothing of it leaves the browser.
  if (root.closest('[translate="no"]')) return null
  const nodes = textNodes(root)
  const sources = nodes.map((node) => originals.get(node) ?? node.nodeValue ?? '')
  const parts = sources.map((text) => /^(\s*)([\s\S]*?)(\s*)$/.exec(text)!)
  const translated = await translateTexts(
    parts.map((match) => match[2]!),
    language,
  )
  nodes.forEach((node, i) => {
    originals.set(node, sources[i]!)
    const [, lead, , trail] = parts[i]!
    node.nodeValue = `${lead}${translated[i]}${trail}`
  })
  return translated[0] ?? null
}

/** Puts the Portuguese back (the visitor chose pt-BR again). */
export function restorePage(root: HTMLElement) {
  for (const node of textNodes(root)) {
    const original = originals.get(node)
    if (original !== undefined) node.nodeValue = original
  }
}
