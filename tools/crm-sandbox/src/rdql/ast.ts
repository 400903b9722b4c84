export type Operator = 'eq' | 'gt' | 'gte' | 'lt' | 'lte' | 'match';

export interface Literal {
  text: string;
  quoted: boolean;
}

export interface ComparisonNode {
  type: 'comparison';
  negated: boolean;
  /** `@slug` fields are custom fields. */
  custom: boolean;
  field: string;
  operator: Operator;
  /** One literal, or several for `field:(a,b)`. */
  values: Literal[];
  list: boolean;
  position: number;
}

export interface FlagNode {
  type: 'flag';
  negated: boolean;
  /** `has` or `is`. */
  kind: 'has' | 'is';
  name: string;
  position: number;
}

export interface LogicalNode {
  type: 'and' | 'or';
  nodes: RdqlNode[];
}

export type RdqlNode = ComparisonNode | FlagNode | LogicalNode;

export class RdqlError extends Error {
  constructor(
    message: string,
    readonly position?: number,
  ) {
    super(position === undefined ? message : `${message} (at position ${position + 1})`);
  }
}
