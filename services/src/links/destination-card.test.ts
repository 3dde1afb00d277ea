import { describe, expect, it } from 'vitest';
import { readDestinationCard } from './destination-card.ts';

const PAGE = 'https://shop.example/products/42?ref=mail';

describe('reading a social card from a page', () => {
  it('prefers Open Graph, then Twitter, then the page’s own title and description', () => {
    const page = `<html><head><title>Page title</title>
      <meta name="twitter:title" content="Twitter title"><meta property="og:title" content="OG title">
      <meta name="description" content="Plain description"><meta property="og:description" content="OG description">
      <meta property="og:image" content="https://cdn.shop.example/card.png"></head></html>`;
    expect(readDestinationCard(page, PAGE)).toEqual({ title: 'OG title', description: 'OG description', image_url: 'https://cdn.shop.example/card.png' });
    expect(readDestinationCard('<title>Only a title</title><meta name=Description content="Said plainly">', PAGE)).toEqual({
      title: 'Only a title',
      description: 'Said plainly',
      image_url: null,
    });
    expect(readDestinationCard('<meta name="twitter:title" content="From X"><title>Page</title>', PAGE).title).toBe('From X');
  });

  it('answers plain text: markup and scripts dropped, entities decoded, spaces collapsed, controls removed', () => {
    const page = `<head><meta property="og:title" content="  <script>alert(&quot;x&quot;)</script>Summer &amp; &quot;Sale&quot;\n\t <b>now</b>\u0000\u202e ">
      <title><script>document.cookie</script>Ignored</title>
      <meta property="og:description" content="It&#39;s <img src=x onerror=alert(1)>here &lt;i&gt;"></head>`;
    expect(readDestinationCard(page, PAGE)).toMatchObject({ title: 'Summer & "Sale" now', description: "It's here" });
  });

  it('reads the page’s <title> as text, even with tags written inside it', () => {
    expect(readDestinationCard('<title>A <b>bold</b> &amp; <script>x()</script>plan</title>', PAGE).title).toBe('A bold & plan');
  });

  it('cuts the title at 200 and the description at 500 characters, never inside a character', () => {
    const card = readDestinationCard(`<title>${'T'.repeat(5_000)}</title><meta name="description" content="${'😀'.repeat(2_000)}">`, PAGE);
    expect(Array.from(card.title)).toHaveLength(200);
    expect(card.title.endsWith('…')).toBe(true);
    expect(card.description).toBe(`${'😀'.repeat(499)}…`);
  });

  it('makes the image absolute against the page’s address and keeps only http(s) images', () => {
    const image = (content: string) => readDestinationCard(`<meta property="og:image" content="${content}">`, PAGE).image_url;
    expect(image('/img/card.png')).toBe('https://shop.example/img/card.png');
    expect(image('card.png')).toBe('https://shop.example/products/card.png');
    expect(image('//cdn.example/c.png')).toBe('https://cdn.example/c.png');
    expect(image('javascript:alert(1)')).toBeNull();
    expect(image('data:image/png;base64,AAAA')).toBeNull();
    expect(image('   ')).toBeNull();
    expect(image(`/${'x'.repeat(3_000)}.png`)).toBeNull();
    // A refused og:image leaves the place to the next image tag.
    expect(readDestinationCard('<meta property="og:image" content="ftp://x/y.png"><meta name="twitter:image" content="/t.png">', PAGE).image_url).toBe(
      'https://shop.example/t.png',
    );
  });

  it('answers an empty card for a page that says nothing, or for what is not HTML at all', () => {
    expect(readDestinationCard('', PAGE)).toEqual({ title: '', description: '', image_url: null });
    expect(readDestinationCard('\u0000\u0001%PDF-1.7 binary', PAGE)).toEqual({ title: '', description: '', image_url: null });
  });
});
