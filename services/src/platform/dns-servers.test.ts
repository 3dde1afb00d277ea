import { describe, expect, it } from 'vitest';
import { createResolver, parseDnsServers } from './dns-servers.ts';

describe('parseDnsServers', () => {
  it('reads IPv4 and bracketed IPv6 servers with ports, giving port 53 where none is written', () => {
    expect(parseDnsServers('127.0.0.1:5353,[::1]:53,8.8.8.8')).toEqual(['127.0.0.1:5353', '[::1]:53', '8.8.8.8:53']);
    expect(parseDnsServers(' [2001:4860:4860::8888] , 1.1.1.1:1053 ')).toEqual(['[2001:4860:4860::8888]:53', '1.1.1.1:1053']);
  });

  it('accepts a bare IPv6 address as a server on port 53', () => {
    expect(parseDnsServers('2001:4860:4860::8844')).toEqual(['[2001:4860:4860::8844]:53']);
  });

  it('gives no servers for a blank value, meaning the system resolver', () => {
    expect(parseDnsServers('')).toEqual([]);
    expect(parseDnsServers('   ')).toEqual([]);
  });

  it.each([
    ['dns.google', /entry 1 "dns.google" does not start with an IP address \(host names cannot be used\)/],
    ['8.8.8.8,dns.google:53', /entry 2 "dns.google:53" does not start with an IP address/],
    ['1.1.1.1,,8.8.8.8', /entry 2 is empty \(remove the extra comma\)/],
    ['8.8.8.8,', /entry 2 is empty/],
    ['127.0.0.1:0', /"127.0.0.1:0" has port "0", which is not a number from 1 to 65535/],
    ['127.0.0.1:65536', /port "65536"/],
    ['127.0.0.1:53x', /port "53x"/],
    ['127.0.0.1:', /port ""/],
    ['[::1]:', /port ""/],
    ['[::1', /"\[::1" must be an IPv6 address in brackets, optionally followed by :port/],
    ['[1.2.3.4]:53', /has "1.2.3.4" in brackets, which is not an IPv6 address/],
    ['::1:53:', /"::1:53:" is not an IP address \(to give an IPv6 address a port, bracket it: \[::1\]:53\)/],
    ['256.1.1.1', /does not start with an IP address/],
  ])('refuses %j with a message saying what is wrong and what to write', (value, message) => {
    expect(() => parseDnsServers(value)).toThrow(message);
    expect(() => parseDnsServers(value)).toThrow(/list IP addresses with optional ports, such as 127.0.0.1:5353,\[::1\]:53,8.8.8.8/);
  });
});

describe('createResolver', () => {
  it('uses the given servers, and the system ones when none are given', () => {
    expect(createResolver(['127.0.0.1:5353', '[::1]:53']).getServers()).toEqual(['127.0.0.1:5353', '::1']);
    expect(createResolver(undefined).getServers()).toEqual(createResolver([]).getServers());
  });
});
