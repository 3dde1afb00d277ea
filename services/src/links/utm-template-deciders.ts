import { UTM_FIELDS, UTM_TEMPLATES_MAX, type DomainEvent, type EventData } from '@linkledger/contracts';
import type { Decider } from '../commands/command-handler.ts';
import { conflict, invalid, notFound } from '../commands/domain-error.ts';

/** A template's five parameters, every one present: null where it leaves it unset. */
export type TemplateParameters = Record<(typeof UTM_FIELDS)[number], string | null>;

interface SavedTemplate extends TemplateParameters {
  name: string;
}

/** A workspace's saved UTM templates, folded from its `utm-templates-{id}` stream (docs/links.md#utm-parameters). */
interface UtmTemplatesState {
  templates: Readonly<Record<number, SavedTemplate>>;
  /** The highest id given so far: ids are never reused, so a deleted template's id names nothing again. */
  lastId: number;
}

const noTemplates: UtmTemplatesState = { templates: {}, lastId: 0 };

export const TEMPLATE_NOT_FOUND = 'There is no such UTM template in this workspace.';
export const TOO_MANY_TEMPLATES = `This workspace already keeps ${UTM_TEMPLATES_MAX} UTM templates, the most it may: delete one to save another.`;
export const NO_PARAMETER = 'A template sets at least one UTM parameter.';
export const nameTaken = (name: string) => `This workspace already has a UTM template named “${name}”: choose another name.`;

interface CreateTemplate {
  kind: 'create';
  workspaceId: number;
  name: string;
  parameters: TemplateParameters;
}

interface UpdateTemplate {
  kind: 'update';
  workspaceId: number;
  templateId: number;
  /** Absent fields stay; null removes a parameter. */
  changes: Partial<TemplateParameters> & { name?: string };
}

interface DeleteTemplate {
  kind: 'delete';
  workspaceId: number;
  templateId: number;
}

type UtmTemplateCommand = CreateTemplate | UpdateTemplate | DeleteTemplate;

function evolveUtmTemplates(state: UtmTemplatesState, event: DomainEvent): UtmTemplatesState {
  switch (event.type) {
    case 'UtmTemplateCreated': {
      const { template_id, name, utm_source, utm_medium, utm_campaign, utm_term, utm_content } = event.data;
      const template = { name, utm_source, utm_medium, utm_campaign, utm_term, utm_content };
      return { templates: { ...state.templates, [template_id]: template }, lastId: Math.max(state.lastId, template_id) };
    }
    case 'UtmTemplateUpdated': {
      const current = state.templates[event.data.template_id];
      if (!current) return state;
      return { ...state, templates: { ...state.templates, [event.data.template_id]: { ...current, ...definedOnly(event.data.changes) } } };
    }
    case 'UtmTemplateDeleted': {
      const templates = { ...state.templates };
      delete templates[event.data.template_id];
      return { ...state, templates };
    }
    default:
      return state;
  }
}

/** The fields given, absent (undefined) ones left out: an edit's changes. */
export const definedOnly = <T extends object>(fields: T): Partial<T> =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;

/** Names are unique in a workspace without regard to case or surrounding spaces. */
const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase('en') === b.trim().toLocaleLowerCase('en');

function refuseTakenName(state: UtmTemplatesState, name: string, except?: number): void {
  const taken = Object.entries(state.templates).some(([id, template]) => Number(id) !== except && sameName(template.name, name));
  if (taken) throw conflict(nameTaken(name));
}

const setsAParameter = (parameters: TemplateParameters) => UTM_FIELDS.some((field) => parameters[field] !== null);

function decideCreate(command: CreateTemplate, state: UtmTemplatesState): DomainEvent[] {
  if (Object.keys(state.templates).length >= UTM_TEMPLATES_MAX) throw conflict(TOO_MANY_TEMPLATES);
  refuseTakenName(state, command.name);
  if (!setsAParameter(command.parameters)) throw invalid(NO_PARAMETER, 'utm_source');
  const data: EventData['UtmTemplateCreated'] = { workspace_id: command.workspaceId, template_id: state.lastId + 1, name: command.name, ...command.parameters };
  return [{ type: 'UtmTemplateCreated', data }];
}

/** Records only what really changes; an edit that changes nothing records nothing. */
function decideUpdate(command: UpdateTemplate, state: UtmTemplatesState): DomainEvent[] {
  const current = state.templates[command.templateId];
  if (!current) throw notFound(TEMPLATE_NOT_FOUND);
  const changes = Object.fromEntries(
    Object.entries(definedOnly(command.changes)).filter(([field, value]) => current[field as keyof SavedTemplate] !== value),
  ) as UpdateTemplate['changes'];
  if (Object.keys(changes).length === 0) return [];
  if (changes.name !== undefined) refuseTakenName(state, changes.name, command.templateId);
  if (!setsAParameter({ ...current, ...changes })) throw invalid(NO_PARAMETER, 'utm_source');
  return [{ type: 'UtmTemplateUpdated', data: { workspace_id: command.workspaceId, template_id: command.templateId, changes } }];
}

function decideDelete(command: DeleteTemplate, state: UtmTemplatesState): DomainEvent[] {
  const current = state.templates[command.templateId];
  if (!current) throw notFound(TEMPLATE_NOT_FOUND);
  return [{ type: 'UtmTemplateDeleted', data: { workspace_id: command.workspaceId, template_id: command.templateId, name: current.name } }];
}

/** A workspace's templates live on their own stream: a template is checked against its siblings (unique names, the limit). */
export const utmTemplateDecider: Decider<UtmTemplateCommand, UtmTemplatesState> = {
  streamOf: (command) => `utm-templates-${command.workspaceId}`,
  initialState: noTemplates,
  evolve: evolveUtmTemplates,
  decide: (command, state) => {
    if (command.kind === 'create') return decideCreate(command, state);
    if (command.kind === 'update') return decideUpdate(command, state);
    return decideDelete(command, state);
  },
};
