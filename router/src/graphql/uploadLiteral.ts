import { getNamedType, GraphQLError, Kind, type ASTVisitor, type ValidationContext, type ValueNode } from 'graphql';

/** Literal kinds that could stand where a file goes; a list of variables (`[$a, $b]`) is fine. */
const LITERALS = new Set<ValueNode['kind']>([Kind.STRING, Kind.INT, Kind.FLOAT, Kind.BOOLEAN, Kind.ENUM, Kind.OBJECT]);

/**
 * A file (`Upload`) comes only as a variable of a multipart request. The gateway treats the
 * subgraph's scalar as opaque and would plan a literal in its place, which the imports subgraph
 * then refuses as a validation error that reaches the caller as a 500; refused here as the
 * client's mistake, like any other invalid document.
 */
export function uploadOnlyAsVariable(context: ValidationContext): ASTVisitor {
  const check = (node: ValueNode) => {
    if (!LITERALS.has(node.kind)) return;
    if (getNamedType(context.getInputType())?.name !== 'Upload') return;
    context.reportError(new GraphQLError('A file (Upload) must be passed as a variable of a multipart request.', { nodes: node }));
  };
  return {
    StringValue: check,
    IntValue: check,
    FloatValue: check,
    BooleanValue: check,
    EnumValue: check,
    ObjectValue: check,
  };
}
