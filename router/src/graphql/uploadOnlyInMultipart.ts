import { getNamedType, GraphQLError, Kind, typeFromAST, type ASTVisitor, type ValidationContext, type ValueNode } from 'graphql';

/** Literal kinds that could stand where a file goes. */
const LITERALS = new Set<ValueNode['kind']>([Kind.STRING, Kind.INT, Kind.FLOAT, Kind.BOOLEAN, Kind.ENUM, Kind.OBJECT]);

export const FILE_NEEDS_MULTIPART = 'A file (Upload) can only be sent as a variable of a multipart request.';

/**
 * A file (`Upload`) comes only in a multipart request, which the router hands straight to the
 * imports subgraph (uploadForward): an operation that reaches the gateway cannot carry one. The
 * gateway treats the subgraph's scalar as opaque and would pass a literal or a JSON variable in its
 * place to the imports subgraph, whose refusal then reaches the caller as a 500; refused here as
 * the client's mistake, like any other invalid document.
 */
export function uploadOnlyInMultipart(context: ValidationContext): ASTVisitor {
  const refuse = (node: ValueNode | Parameters<typeof typeFromAST>[1]) =>
    context.reportError(new GraphQLError(FILE_NEEDS_MULTIPART, { nodes: node }));
  const literal = (node: ValueNode) => {
    if (LITERALS.has(node.kind) && getNamedType(context.getInputType())?.name === 'Upload') refuse(node);
  };
  return {
    VariableDefinition(node) {
      const type = typeFromAST(context.getSchema(), node.type);
      if (type && getNamedType(type).name === 'Upload') refuse(node.type);
    },
    StringValue: literal,
    IntValue: literal,
    FloatValue: literal,
    BooleanValue: literal,
    EnumValue: literal,
    ObjectValue: literal,
  };
}
