import { describe, expect, it } from 'vitest'
import { addressKey } from '../../worker/domain/address.ts'
import { durationInWords } from '../../worker/domain/limits.ts'

describe('addressKey: the client per-address limits count by', () => {
  it('gives every textual form of one IPv6 /64 the same canonical prefix', () => {
    const forms = [
      '2001:db8:0:12::1',
      '2001:0db8:0000:0012:0000:0000:0000:0001',
      '2001:DB8:0:12:FFFF:FFFF:FFFF:FFFF',
      '2001:db8::12:0:0:0:7',
      '2001:db8:0:12:1::',
      '2001:db8:0:12:abcd:ef01:2345:6789',
      ' 2001:db8:0:12::1 ',
      '[2001:db8:0:12::1]',
      '2001:db8:0:12::1%eth0',
      '2001:db8:0:12::192.0.2.1',
    ]
    for (const form of forms) expect(addressKey(form), form).toBe('2001:db8:0:12::/64')
  })

  it('tells apart addresses of different /64s, the prefix in its shortest hex', () => {
    expect(addressKey('2001:db8:0:13::1')).toBe('2001:db8:0:13::/64')
    expect(addressKey('2001:db8:1::1')).toBe('2001:db8:1:0::/64')
    expect(addressKey('::1')).toBe('0:0:0:0::/64')
    expect(addressKey('::')).toBe('0:0:0:0::/64')
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
    expect(addressKey('1:2:3:4:5:6:7:8')).toBe('1:2:3:4::/64')
    expect(addressKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64')
  })

  it('gives an IPv4-mapped IPv6 the IPv4 it carries, dotted or in hex', () => {
    expect(addressKey('::ffff:192.0.2.1')).toBe('192.0.2.1')
    expect(addressKey('::FFFF:c000:0201')).toBe('192.0.2.1')
    expect(addressKey('0:0:0:0:0:ffff:192.0.2.1')).toBe('192.0.2.1')
  })

  it('leaves an IPv4, and whatever is not an address, as it is', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9')
    expect(addressKey('sem-ip')).toBe('sem-ip')
    expect(addressKey('cron')).toBe('cron')
    for (const junk of [
      '1::2::3',
      '12345::',
      '1:2:3:4:5:6:7:8:9',
      '1:2:3:4:5:6:7',
      'g::1',
      '::1.2.3',
      '::256.0.0.1',
    ])
      expect(addressKey(junk), junk).toBe(junk)
  })
})

describe('durationInWords', () => {
  it('says minutes, hours, or both, in pt-BR', () => {
    expect(durationInWords(900)).toBe('15 minutos')
    expect(durationInWords(61)).toBe('2 minutos')
    expect(durationInWords(1)).toBe('1 minuto')
    expect(durationInWords(3600)).toBe('1 hora')
    expect(durationInWords(4 * 3600)).toBe('4 horas')
    expect(durationInWords(9000)).toBe('2 horas e 30 minutos')
  })
})
