import { graphql } from '../../graphql/generated';
import type { SourceSystemOptionFragment } from '../../graphql/generated/graphql';

/** A source system as the picker shows it: with its template variants of the flow's ImportType. */
export const SOURCE_SYSTEM_OPTION = graphql(`
  fragment SourceSystemOption on SourceSystem {
    id
    name
    isSelf
    templateVariants(importType: $importType) {
      id
      key
      name
    }
  }
`);

/** The source systems the operator may pick. */
export const SOURCE_SYSTEMS = graphql(`
  query ImportUploadSourceSystems($importType: ImportType!) {
    importSourceSystems {
      ...SourceSystemOption
    }
  }
`);

export type SourceSystemOption = SourceSystemOptionFragment;
