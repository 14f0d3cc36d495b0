import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import { parseCpf } from '../../../domain/shared/cpf';
import type { ListSales } from '../../sales/list-sales';
import type { SaleListFilter } from '../../sales/ports';
import { EVERY_ROLE, integerArgument, toolArguments, type AssistantTool, defineTool } from '../tool';

const Arguments = toolArguments({}, { cpf: t.string, name: t.string, limit: t.number });

/** `search_sales {cpf?, name?, limit?}`: the sales listing, newest first, by the customer's CPF or name. */
export function searchSalesTool(listSales: ListSales): AssistantTool {
  return defineTool({
    name: 'search_sales',
    description:
      'Busca vendas (mais recentes primeiro) pelo CPF do cliente ou por parte do nome. Sem filtros: as últimas vendas.',
    roles: EVERY_ROLE,
    arguments: Arguments,
    async run(args) {
      const limit = integerArgument(args.limit, 'limit', 1, 20, 10);
      if (E.isLeft(limit)) return limit;
      const filter: { cpf?: SaleListFilter['cpf']; name?: string } = {};
      if (args.cpf !== undefined) {
        const cpf = parseCpf(args.cpf);
        if (E.isLeft(cpf)) return E.left('cpf must be a valid CPF (11 digits, check digits)');
        filter.cpf = cpf.right;
      }
      if (args.name !== undefined) {
        if (args.name.trim().length < 2) return E.left('name must have at least 2 characters');
        filter.name = args.name.trim();
      }
      const page = await listSales.execute({ filter, page: 1, limit: limit.right });
      if (E.isLeft(page)) return page;
      return E.right({
        total: page.right.total,
        sales: page.right.items.map(({ sale, person, vendor }) => ({
          id: sale.id,
          createdAt: sale.createdAt.toISOString(),
          customer: { name: person.fullName, cpf: person.cpf, mobile: person.mobile },
          seller: sale.sellerName,
          vendor: vendor?.name ?? null,
          vehicle: sale.vehicle,
          lastEvent: sale.lastEvent?.event ?? null,
          webhookProcessed: sale.delivery.webhookProcessed,
        })),
      });
    },
  });
}
