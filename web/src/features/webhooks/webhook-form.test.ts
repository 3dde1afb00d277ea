import { describe, expect, it } from 'vitest';
import type { Webhook } from './webhooks-api.ts';
import { CLICK_LINKS_NEEDED, EMPTY_FORM, URL_NOT_WEB_ADDRESS, formOf, webhookBody, withEvent, type WebhookForm } from './webhook-form.ts';

const filled: WebhookForm = { name: '  Orders bot ', url: ' https://hooks.example.com/in ', events: ['link.created'], linkIds: [] };

describe('the webhook form', () => {
  it('becomes the create body, trimmed, without link_ids when clicks are not heard', () => {
    expect(webhookBody({ ...filled, linkIds: [4] })).toEqual({ body: { name: 'Orders bot', url: 'https://hooks.example.com/in', events: ['link.created'] } });
  });

  it('sends the chosen links with link.clicked, and asks for one when none is chosen', () => {
    const clicks = withEvent(filled, 'link.clicked', true);
    expect(webhookBody({ ...clicks, linkIds: [7, 9] }).body).toEqual({
      name: 'Orders bot',
      url: 'https://hooks.example.com/in',
      events: ['link.created', 'link.clicked'],
      link_ids: [7, 9],
    });
    expect(webhookBody(clicks).errors).toEqual({ link_ids: CLICK_LINKS_NEEDED });
  });

  it('says per field what is missing, in the contract’s words', () => {
    expect(webhookBody(EMPTY_FORM).errors).toEqual({
      name: 'Please enter a name for the webhook.',
      url: 'Please enter the URL deliveries go to.',
      events: 'Choose at least one event for this webhook to hear.',
    });
    expect(webhookBody({ ...filled, name: 'two\nlines' }).errors?.name).toMatch(/one line of text/);
  });

  it('refuses what is no web address, and leaves https or not to the server', () => {
    for (const url of ['hooks.example.com', 'ftp://example.com/x', 'javascript:alert(1)'])
      expect(webhookBody({ ...filled, url }).errors).toEqual({ url: URL_NOT_WEB_ADDRESS });
    expect(webhookBody({ ...filled, url: 'http://127.0.0.1:8080/hook' }).body?.url).toBe('http://127.0.0.1:8080/hook');
  });

  it('keeps the chosen events in the order the form offers them', () => {
    const form = withEvent(withEvent(withEvent(EMPTY_FORM, 'member.joined', true), 'link.created', true), 'link.deleted', true);
    expect(form.events).toEqual(['link.created', 'link.deleted', 'member.joined']);
    expect(withEvent(form, 'link.created', false).events).toEqual(['link.deleted', 'member.joined']);
  });

  it('is filled in from a webhook to edit it, without sharing its lists', () => {
    const webhook: Webhook = {
      id: 3,
      name: 'Clicks',
      url: 'https://example.com/h',
      events: ['link.clicked'],
      link_ids: [5],
      enabled: true,
      disabled_reason: null,
      consecutive_failures: 0,
      secret_hint: 'ab12',
      created_at: '2026-11-01T00:00:00Z',
      last_delivery_at: null,
    };
    const form = formOf(webhook);
    expect(form).toEqual({ name: 'Clicks', url: 'https://example.com/h', events: ['link.clicked'], linkIds: [5] });
    form.linkIds.push(6);
    expect(webhook.link_ids).toEqual([5]);
  });
});
