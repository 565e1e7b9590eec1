import { CfnCondition, CfnParameter, Fn, type Stack, Token } from 'aws-cdk-lib';
import type { CfnUserPool } from 'aws-cdk-lib/aws-cognito';
import type { CfnTable } from 'aws-cdk-lib/aws-dynamodb';

/** The parent template's parameter that switches deletion protection on (bin/deploy.ts sets it). */
export const DELETION_PROTECTION_PARAMETER = 'DeletionProtection';

/**
 * Deletion protection of the events table and the user pool, as a parameter of the stack whose
 * default is off. A failed first create must roll back completely, and CloudFormation cannot delete
 * a protected table or pool: that rollback would end in ROLLBACK_FAILED. So the first create runs
 * with the default ("false"); once it has succeeded, `npm run deploy` updates the stack with
 * `DeletionProtection=true` (the same template, only the parameter changes), and every later deploy
 * passes "true" again (`cdk deploy` would also keep the previous value). CloudFormation owns the
 * setting either way: no API call behind its back, no drift.
 */
export class DeletionProtection {
  private static readonly byStack = new WeakMap<Stack, DeletionProtection>();
  readonly parameter: CfnParameter;
  readonly condition: CfnCondition;

  static of(stack: Stack): DeletionProtection {
    let found = DeletionProtection.byStack.get(stack);
    if (!found) DeletionProtection.byStack.set(stack, (found = new DeletionProtection(stack)));
    return found;
  }

  private constructor(stack: Stack) {
    this.parameter = new CfnParameter(stack, DELETION_PROTECTION_PARAMETER, {
      type: 'String',
      default: 'false',
      allowedValues: ['false', 'true'],
      description:
        'Deletion protection of the events table and the user pool. "false" on the first create (so that a failed ' +
        'create rolls back completely); npm run deploy sets "true" once the create has succeeded ' +
        '(docs/deploy.md 4.4).',
    });
    this.condition = new CfnCondition(stack, 'DeletionProtectionOn', {
      expression: Fn.conditionEquals(this.parameter.valueAsString, 'true'),
    });
  }

  protectTable(table: CfnTable): void {
    table.deletionProtectionEnabled = Token.asAny(Fn.conditionIf(this.condition.logicalId, true, false));
  }

  protectUserPool(pool: CfnUserPool): void {
    pool.deletionProtection = Fn.conditionIf(this.condition.logicalId, 'ACTIVE', 'INACTIVE').toString();
  }
}
