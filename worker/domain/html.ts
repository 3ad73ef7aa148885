/** Escapes text for HTML and XML bodies and attribute values (pages, e-mails, the sitemap). */
export function escapeHtml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[char]!,
  )
}
