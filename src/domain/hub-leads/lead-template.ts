/** A lead-form template (CONTRACT 6.2). Conditions are kept as pairs because paths contain dots. */
export interface LeadTemplate {
  readonly id: string;
  readonly orgId: string;
  readonly name: string;
  readonly active: boolean;
  readonly pipelineExternalId: string;
  readonly conditions: readonly TemplateCondition[];
  readonly message: string;
  readonly createdAt: Date;
}

export interface TemplateCondition {
  readonly path: string;
  readonly value: string;
}

/**
 * CONTRACT 6.2: the first active template (in creation order) whose conditions all equal the
 * lead form's fields (the flattened payload). A template without conditions matches every payload.
 */
export function selectTemplate(
  templates: readonly LeadTemplate[],
  fields: Readonly<Record<string, string>>,
): LeadTemplate | undefined {
  return templates.find((template) => template.active && template.conditions.every((c) => fields[c.path] === c.value));
}

/** Replaces `{{path}}` with the field's value; an unknown path renders as nothing. */
export function renderMessage(message: string, fields: Readonly<Record<string, string>>): string {
  return message.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (_, path: string) => fields[path] ?? '');
}
