import { describe, it } from 'vitest';
import { UTM_TEMPLATES_MAX, type DomainEvent } from '@linkledger/contracts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { NO_PARAMETER, TEMPLATE_NOT_FOUND, TOO_MANY_TEMPLATES, nameTaken, utmTemplateDecider, type TemplateParameters } from './utm-template-deciders.ts';

const templates = deciderSpec(utmTemplateDecider);
const NONE: TemplateParameters = { utm_source: null, utm_medium: null, utm_campaign: null, utm_term: null, utm_content: null };
const newsletter: TemplateParameters = { ...NONE, utm_source: 'newsletter', utm_medium: 'email' };

const created = (id: number, name: string, parameters: TemplateParameters = newsletter): DomainEvent => ({
  type: 'UtmTemplateCreated',
  data: { workspace_id: 40, template_id: id, name, ...parameters },
});
const create = (name: string, parameters: TemplateParameters = newsletter) => ({ kind: 'create' as const, workspaceId: 40, name, parameters });
const update = (templateId: number, changes: Partial<TemplateParameters> & { name?: string }) => ({
  kind: 'update' as const,
  workspaceId: 40,
  templateId,
  changes,
});

describe('UTM templates (given the workspace’s templates, when one is saved, edited or deleted, then …)', () => {
  it('given none, when a template is saved, then it gets the first id; given a deleted one, ids are not reused', () => {
    templates
      .given([])
      .when(create('Newsletter'))
      .then([created(1, 'Newsletter')]);
    templates
      .given([created(1, 'A'), created(2, 'B'), { type: 'UtmTemplateDeleted', data: { workspace_id: 40, template_id: 2, name: 'B' } }])
      .when(create('C'))
      .then([created(3, 'C')]);
  });

  it('refuses a name the workspace already has, without regard to case, on saving and on renaming', () => {
    templates
      .given([created(1, 'Newsletter')])
      .when(create('NEWSLETTER'))
      .thenThrows(nameTaken('NEWSLETTER'));
    templates
      .given([created(1, 'Newsletter'), created(2, 'Ads')])
      .when(update(2, { name: 'newsletter' }))
      .thenThrows(nameTaken('newsletter'));
    templates
      .given([created(1, 'Newsletter')])
      .when(update(1, { name: 'newsletter' }))
      .then([{ type: 'UtmTemplateUpdated', data: { workspace_id: 40, template_id: 1, changes: { name: 'newsletter' } } }]);
  });

  it(`refuses a template beyond ${UTM_TEMPLATES_MAX}, and one that sets no parameter`, () => {
    const full = Array.from({ length: UTM_TEMPLATES_MAX }, (_, index) => created(index + 1, `T${index + 1}`));
    templates.given(full).when(create('One more')).thenThrows(TOO_MANY_TEMPLATES);
    templates
      .given(full.slice(1))
      .when(create('One more'))
      .then([created(UTM_TEMPLATES_MAX + 1, 'One more')]);
    templates.given([]).when(create('Empty', NONE)).thenThrows(NO_PARAMETER);
    templates
      .given([created(1, 'N')])
      .when(update(1, { utm_source: null, utm_medium: null }))
      .thenThrows(NO_PARAMETER);
  });

  it('records only what an edit really changes, and nothing for an edit that changes nothing', () => {
    templates
      .given([created(1, 'N')])
      .when(update(1, { name: 'N', utm_source: 'newsletter' }))
      .then([]);
    templates
      .given([created(1, 'N')])
      .when(update(1, { utm_source: 'newsletter', utm_medium: null, utm_campaign: 'spring' }))
      .then([{ type: 'UtmTemplateUpdated', data: { workspace_id: 40, template_id: 1, changes: { utm_medium: null, utm_campaign: 'spring' } } }]);
  });

  it('refuses to edit or delete a template the workspace does not have', () => {
    templates
      .given([])
      .when(update(1, { name: 'X' }))
      .thenThrows(TEMPLATE_NOT_FOUND);
    templates
      .given([created(1, 'N')])
      .when({ kind: 'delete', workspaceId: 40, templateId: 2 })
      .thenThrows(TEMPLATE_NOT_FOUND);
    templates
      .given([created(1, 'N')])
      .when({ kind: 'delete', workspaceId: 40, templateId: 1 })
      .then([{ type: 'UtmTemplateDeleted', data: { workspace_id: 40, template_id: 1, name: 'N' } }]);
  });
});
