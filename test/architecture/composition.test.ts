import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * ARCHITECTURE 7: each area is one Inversify ContainerModule whose bindings the container resolves
 * lazily; no area reads the container while it is loaded, so the load order cannot matter.
 */
const COMPOSITION = path.resolve(__dirname, '../../src/composition');
const areas = readdirSync(COMPOSITION)
  .filter((file) => file.endsWith('.ts') && !['area.ts', 'container.ts'].includes(file))
  .map((file) => ({ file, text: readFileSync(path.join(COMPOSITION, file), 'utf8') }));

describe('composition modules (ARCHITECTURE 7)', () => {
  it('every area file builds a ContainerModule', () => {
    expect(areas.map((a) => a.file)).to.include.members([
      'platform.ts',
      'sales-identity.ts',
      'sales.ts',
      'sdr.ts',
      'kpi.ts',
      'policies.ts',
      'assistant.ts',
      'hub-identity.ts',
      'hub-leads.ts',
      'saved-filters.ts',
    ]);
    for (const { file, text } of areas) expect(text, file).to.match(/new ContainerModule\(/);
  });

  it('no area reads the container (get, isBound) or takes it as a parameter: it only binds', () => {
    for (const { file, text } of areas) {
      expect(text, file).to.not.match(/\bcontainer\.(get|getAsync|isBound|getAll)\b/);
      expect(text, file).to.not.match(/\bisBound\b/);
      expect(text, file).to.not.match(/:\s*Container\b/);
    }
  });
});
