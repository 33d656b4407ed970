import { useMutation } from '@apollo/client/react';
import { graphql } from '../../graphql/generated';
import type { ImportType } from '../../graphql/generated/graphql';
import { sourceSystemProblem, type SourceSystemProblem } from '../lib/sourceSystemProblem';
import { SOURCE_SYSTEMS, type SourceSystemOption } from './sourceSystemsQuery';

const CREATE_SOURCE_SYSTEM = graphql(`
  mutation CreateImportSourceSystem($name: String!, $organisationId: ID, $importType: ImportType!) {
    createImportSourceSystem(name: $name, organisationId: $organisationId) {
      ...SourceSystemOption
    }
  }
`);

/** The picker's order, as the server lists them: this system's own export first, then by name. */
function inListOrder(systems: readonly SourceSystemOption[]): SourceSystemOption[] {
  return [...systems].sort((a, b) => Number(b.isSelf) - Number(a.isSelf) || a.name.localeCompare(b.name));
}

/**
 * createImportSourceSystem, with its cache update: the new source system joins the upload
 * screen's list at once (no second request), so the picker can show it chosen.
 */
export function useCreateSourceSystem(importType: ImportType) {
  const [mutate, { loading }] = useMutation(CREATE_SOURCE_SYSTEM, {
    update(cache, { data }) {
      const created = data?.createImportSourceSystem;
      if (!created) return;
      cache.updateQuery({ query: SOURCE_SYSTEMS, variables: { importType } }, (list) =>
        list
          ? { ...list, importSourceSystems: inListOrder([...list.importSourceSystems.filter((s) => s.id !== created.id), created]) }
          : list,
      );
    },
  });
  async function create(
    name: string,
    organisationId: string | null,
  ): Promise<{ created: SourceSystemOption } | { problem: SourceSystemProblem }> {
    try {
      const { data } = await mutate({ variables: { name, organisationId, importType } });
      const created = data?.createImportSourceSystem;
      return created ? { created } : { problem: sourceSystemProblem(null) };
    } catch (err) {
      return { problem: sourceSystemProblem(err) };
    }
  }
  return { create, busy: loading };
}
