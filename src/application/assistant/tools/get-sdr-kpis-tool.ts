import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import { DEFAULT_TIMEZONE } from '../../../domain/kpi/local-days';
import { parseDateBound, resolvePeriod, type DateBound } from '../../../domain/kpi/period';
import type { CachedKpiReport } from '../../kpi/cached-kpi-report';
import type { SdrKpi } from '../../kpi/get-sdr-kpi';
import type { Clock } from '../../shared/ports';
import { defineTool, toolArguments, type AssistantTool } from '../tool';

const Arguments = toolArguments({}, { dateFrom: t.string, dateTo: t.string });

/** As GET /kpi/sdr reads them: `2026-11-01` is that local day (São Paulo), a timestamp is an instant. */
function dateBound(value: string, name: string): E.Either<string, DateBound> {
  const bound = parseDateBound(value.trim());
  return bound === undefined ? E.left(`${name} must be an ISO 8601 date`) : E.right(bound);
}

/**
 * `get_sdr_kpis {dateFrom?, dateTo?}`: the SDR funnel of a period (CONTRACT 8.3), for admins and
 * managers (8.7); through the KPI cache, so it shares entries with GET /kpi/sdr.
 */
export function getSdrKpisTool(getSdrKpi: CachedKpiReport<SdrKpi>, clock: Clock): AssistantTool {
  return defineTool({
    name: 'get_sdr_kpis',
    description:
      'Indicadores do SDR num período (datas YYYY-MM-DD no fuso America/Sao_Paulo, ou instantes ISO 8601; padrão: ' +
      'os últimos 30 dias): contatos, leads convertidos, taxa de conversão, tempo médio de resposta (s) e taxa ' +
      'de resposta.',
    roles: ['admin', 'manager'],
    arguments: Arguments,
    async run(args) {
      const problems: string[] = [];
      const bounds: { dateFrom?: DateBound; dateTo?: DateBound } = {};
      for (const name of ['dateFrom', 'dateTo'] as const) {
        const raw = args[name];
        if (raw === undefined) continue;
        const bound = dateBound(raw, name);
        if (E.isLeft(bound)) problems.push(bound.left);
        else bounds[name] = bound.right;
      }
      if (problems.length > 0) return E.left(problems.join('; '));
      const resolved = resolvePeriod({ ...bounds, timeZone: DEFAULT_TIMEZONE }, clock.now());
      if ('problems' in resolved) return E.left(resolved.problems.join('; '));
      const kpi = await getSdrKpi.execute({ period: resolved.period });
      if (E.isLeft(kpi)) return E.left('the KPI could not be computed');
      const { period, contacts, leads, conversionRate, averageResponseTimeSeconds, responseRate } = kpi.right.report;
      return E.right({
        period: { from: period.from.toISOString(), to: period.to.toISOString() },
        timezone: DEFAULT_TIMEZONE,
        contacts,
        leads,
        conversionRate,
        averageResponseTimeSeconds,
        responseRate,
      });
    },
  });
}
