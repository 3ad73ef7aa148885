import type { ShortLinkConfig } from '../domain/short-links.ts'

/**
 * What the Worker calls on a short link's counter (durable/link-clicks.ts implements it). Declared
 * apart from the class: the class reads the bindings (env.ts), so the bindings' type names this
 * interface, not the class, and the two modules do not import each other.
 */
export interface LinkClicksStub extends Rpc.DurableObjectBranded {
  follow(code: string, day: string): Promise<string | null>
  configure(link: ShortLinkConfig): Promise<void>
  flush(): Promise<void>
}
