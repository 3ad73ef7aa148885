/** '1 voto', '3 votos' (for the live questions' chunks: the page's chunk keeps its own, so they import nothing from it). */
export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`
