import { rm } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'

// Starting over means the database file and the Worker's local KV/R2/DO state together:
// a catalogue snapshot left in KV would otherwise outlive the data it was built from.
const DATA_DIR = fileURLToPath(new URL('../.data', import.meta.url))

await rm(DATA_DIR, { recursive: true, force: true })
console.log('Dados locais apagados (.data/). O próximo `npm start` recria o banco, migra e popula.')
