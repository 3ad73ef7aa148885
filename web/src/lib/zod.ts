// Every `import … from 'zod'` of the browser build resolves here (vite.config.ts), the contract's
// schemas included: zod's JIT is off before the first schema is built. Each answer is parsed
// once, so compiling a parser per object schema costs more than it saves (about 25 ms for a
// course, four times that on a phone), and its `new Function` probe is something the page's
// Content-Security-Policy refuses (and reports) by design.
import { config } from 'zod/v4'

config({ jitless: true })

export * from 'zod/v4'
