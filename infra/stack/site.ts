import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { Aws, CfnParameter, CfnRule, Duration, Fn, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  S3OriginAccessControl,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { CfnLogGroup } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership, type IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source, type ISource } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import type { StackConfig } from './config.js';
import { acknowledge, acknowledgeLibraryWildcards } from './nag.js';
import { acknowledgeGuard, bucketFindings } from './guard.js';
import { accountGlobalName } from './names.js';
import { contentSecurityPolicy, CROSS_ORIGIN_OPENER_POLICY, PERMISSIONS_POLICY } from '../site-headers.js';

/** File extensions the SPA's build serves as files; every other path is a client-side route. */
const STATIC_FILE = /\.(?:js|mjs|css|map|json|txt|xml|webmanifest|ico|svg|png|jpe?g|gif|webp|avif|woff2?|ttf|otf|pdf)$/;

/**
 * CloudFront Function on the site's (default) behaviour only: a client-side route such as
 * /projects/42 is served /index.html, so deep links and reloads work. It is deliberately not done
 * with distribution-wide custom error responses (403/404 → /index.html): those also rewrite the
 * API's own 403 and 404 answers under /api/* into a 200 HTML page.
 */
export const SPA_REWRITE_SOURCE = `function handler(event) {
  var request = event.request;
  if (!${STATIC_FILE.toString()}.test(request.uri)) request.uri = '/index.html';
  return request;
}`;

/** The runtime config the SPA fetches from /config.json (web/src/lib/config.ts). */
export interface RuntimeConfig {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  apiUrl: '/api';
  /** The live-updates WebSocket (wss://…/live). */
  realtimeUrl: string;
  stage: string;
}

/** The site's policy in the cloud; `realtimeOrigin`: wss://host of the WebSocket API. */
function cloudContentSecurityPolicy(region: string, realtimeOrigin: string): string {
  const s3 = [`https://*.s3.${region}.amazonaws.com`, 'https://*.s3.amazonaws.com'];
  // Sign-in talks to Cognito; uploads are presigned POSTs straight to the uploads bucket; live updates.
  return contentSecurityPolicy({
    connect: [`https://cognito-idp.${region}.amazonaws.com`, ...s3, realtimeOrigin],
    images: s3,
    https: true,
  });
}

/**
 * The one origin of the product: a private site bucket behind CloudFront (origin access control),
 * `/api/*` forwarded to the HTTP API uncached with every viewer header but Host, security headers on
 * every response, and the built SPA deployed with a generated /config.json.
 */
export class Site extends Construct {
  readonly bucket: Bucket;
  readonly distribution: Distribution;
  readonly headers: ResponseHeadersPolicy;
  /** https://… origins the site answers on (CloudFront's, and the custom domain's if any). */
  readonly origins: string[];
  /** The canonical origin (custom domain if set). */
  readonly url: string;

  constructor(
    scope: Construct,
    id: string,
    private readonly props: {
      config: StackConfig;
      projectRoot: string;
      apiOriginDomain: string;
      realtimeUrl: string;
      accessLogs: IBucket;
      /** WAF web ACL (CLOUDFRONT scope) of the distribution, if any. */
      webAclArn?: string;
      /** Header CloudFront adds to every request to the API, so the API can refuse requests that went around it. */
      originHeader: { name: string; value: string };
    },
  ) {
    super(scope, id);
    const { config } = props;
    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: 'site/',
      // Only build outputs, reproducible from the repository: emptied (every version) and deleted with
      // the stack. This is what lets a failed first create roll back: the site deployment has already
      // written the SPA, and CloudFormation cannot delete a bucket that still holds a version of anything.
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
      // The previous SPA stays restorable after a deploy replaces or prunes it (docs/operations.md, "Rolling back").
      versioned: true,
      lifecycleRules: [
        {
          id: 'expire-old-site-versions',
          noncurrentVersionExpiration: Duration.days(30),
          expiredObjectDeleteMarker: true,
        },
      ],
    });

    this.headers = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      responseHeadersPolicyName: accountGlobalName(this, config.stage, 'security-headers'),
      comment: 'Design Club security headers',
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          contentSecurityPolicy: cloudContentSecurityPolicy(Aws.REGION, originOf(props.realtimeUrl)),
          override: true,
        },
        strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
      },
      customHeadersBehavior: {
        customHeaders: [
          {
            header: 'Permissions-Policy',
            value: PERMISSIONS_POLICY,
            override: true,
          },
          { header: 'Cross-Origin-Opener-Policy', value: CROSS_ORIGIN_OPENER_POLICY, override: true },
        ],
      },
      removeHeaders: ['Server'],
    });

    const spaRewrite = new CloudFrontFunction(this, 'SpaRewrite', {
      code: FunctionCode.fromInline(SPA_REWRITE_SOURCE),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Serve /index.html for client-side routes',
    });

    // A custom domain brings its certificate and the TLS 1.2 (2021) floor; CloudFront's default
    // certificate has a fixed policy.
    const customDomain =
      config.domainName && config.certificateArn
        ? {
            domainNames: [config.domainName],
            certificate: Certificate.fromCertificateArn(this, 'Certificate', config.certificateArn),
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {};

    this.distribution = new Distribution(this, 'Distribution', {
      comment: `Design Club ${config.stage}`,
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: props.accessLogs,
      logFilePrefix: 'cloudfront/',
      webAclId: props.webAclArn,
      ...customDomain,
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket, {
          originAccessControl: new S3OriginAccessControl(this, 'OriginAccessControl', {
            originAccessControlName: accountGlobalName(this, config.stage, 'site'),
            description: `Design Club ${config.stage}: CloudFront reads the site bucket`,
          }),
        }),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: this.headers,
        compress: true,
        functionAssociations: [{ eventType: FunctionEventType.VIEWER_REQUEST, function: spaRewrite }],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new HttpOrigin(props.apiOriginDomain, {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [OriginSslPolicy.TLS_V1_2],
            // Overrides a viewer's header of the same name.
            customHeaders: { [props.originHeader.name]: props.originHeader.value },
          }),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: this.headers,
          compress: true,
        },
      },
    });

    bucketFindings(this.bucket, 'the built SPA, copied in by each deployment and served only through CloudFront');
    acknowledgeGuard(
      this.distribution,
      'cloudfront_origin_failover_enabled_check',
      'Each behaviour has one origin (the site bucket, the HTTP API) in the stack’s one region: there is no second ' +
        'copy to fail over to; the SPA’s files are versioned and redeployable.',
    );
    acknowledge(
      this.distribution,
      'AwsSolutions-CFR1',
      'The service is offered without geographic restriction; nothing in the product or its data calls for one.',
    );
    if (!props.webAclArn) {
      acknowledge(
        this.distribution,
        'AwsSolutions-CFR2',
        'No WAF outside prod unless asked (cost): every API route authenticates, the stage and the costly routes are ' +
          'throttled. "-c waf=true" creates the web ACL prod has, "webAclArn" attaches an existing one.',
      );
    }
    if (!config.domainName) {
      for (const rule of [
        'cloudfront_custom_ssl_certificate_check',
        'cloudfront_sni_enabled_check',
        'cloudfront_security_policy_check',
      ]) {
        acknowledgeGuard(
          this.distribution,
          rule,
          'Without a custom domain CloudFront serves its default *.cloudfront.net certificate, whose protocol policy ' +
            'and SNI cannot be set; with "domainName"/"certificateArn" the distribution uses the certificate by ' +
            'SNI with TLS 1.2 (2021).',
        );
      }
      acknowledge(
        this.distribution,
        'AwsSolutions-CFR4',
        'Without a custom domain CloudFront serves its default *.cloudfront.net certificate, whose minimum protocol ' +
          'cannot be raised; with "domainName"/"certificateArn" the distribution requires TLS 1.2 (2021 policy).',
      );
    }

    const cloudFrontOrigin = `https://${this.distribution.distributionDomainName}`;
    this.origins = config.domainName ? [`https://${config.domainName}`, cloudFrontOrigin] : [cloudFrontOrigin];
    this.url = this.origins[0]!;
  }

  /**
   * Deploys the built SPA and its /config.json. Hashed files under assets/ are cached for a year;
   * index.html, config.json and the other root files are revalidated, and the distribution is
   * invalidated after each deployment. Old hashed files are kept (prune: false) so pages already
   * open keep loading their chunks during and after a deployment. Source maps are not published.
   *
   * If the SPA was not built (no `<siteDir>/index.html` at synth time), the template still
   * synthesizes (tests, CI), with a placeholder page, and carries a CloudFormation rule that makes
   * `cdk deploy` fail with instructions unless `--parameters AllowUnbuiltSite=true` is passed.
   */
  deploy(props: { userPool: IUserPool; client: IUserPoolClient }): { built: boolean } {
    const { config, projectRoot } = this.props;
    const dir = path.resolve(projectRoot, config.siteDir);
    const built = existsSync(path.join(dir, 'index.html'));
    const runtimeConfig: RuntimeConfig = {
      region: Stack.of(this).region,
      userPoolId: props.userPool.userPoolId,
      userPoolClientId: props.client.userPoolClientId,
      apiUrl: '/api',
      realtimeUrl: this.props.realtimeUrl,
      stage: config.stage,
    };

    let entrySources: ISource[];
    let assets: BucketDeployment | undefined;
    if (built) {
      if (existsSync(path.join(dir, 'assets'))) {
        assets = new BucketDeployment(this, 'DeployAssets', {
          sources: [Source.asset(path.join(dir, 'assets'), { exclude: ['*.map'] })],
          destinationBucket: this.bucket,
          destinationKeyPrefix: 'assets/',
          prune: false,
          cacheControl: [CacheControl.setPublic(), CacheControl.maxAge(Duration.days(365)), CacheControl.immutable()],
          memoryLimit: 512,
        });
      }
      entrySources = [Source.asset(dir, { exclude: ['assets', '*.map', 'config.json'] })];
    } else {
      entrySources = [Source.data('index.html', placeholderPage(config.siteDir))];
      const allow = new CfnParameter(Stack.of(this), 'AllowUnbuiltSite', {
        type: 'String',
        default: 'false',
        allowedValues: ['true', 'false'],
        description:
          `The web app (${config.siteDir}) was not built when this template was synthesized. "true" ` +
          `deploys a placeholder page.`,
      });
      new CfnRule(this, 'SiteMustBeBuilt', {
        assertions: [
          {
            assert: Fn.conditionEquals(allow.valueAsString, 'true'),
            assertDescription:
              `The web app was not built (${config.siteDir}/index.html is missing). Run "npx vite ` +
              `build --config web/vite.config.ts" and then "npx cdk deploy" again (or deploy a placeholder page ` +
              `with --parameters AllowUnbuiltSite=true).`,
          },
        ],
      });
    }
    const entry = new BucketDeployment(this, 'DeployEntry', {
      sources: [...entrySources, Source.jsonData('config.json', runtimeConfig)],
      destinationBucket: this.bucket,
      prune: false,
      cacheControl: [CacheControl.noCache()],
      memoryLimit: 512,
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
    if (assets) entry.node.addDependency(assets);
    this.acknowledgeDeploymentProvider();
    this.acknowledgeAutoDeleteProvider();
    return { built };
  }

  /** The stack's singleton providers of a CDK custom resource type (one Lambda function each, the library's). */
  private providersOf(type: string) {
    return Stack.of(this).node.children.filter((child) => child.node.id.startsWith(type));
  }

  /** autoDeleteObjects' provider: one Lambda function per stack, owned by the CDK library. */
  private acknowledgeAutoDeleteProvider(): void {
    for (const provider of this.providersOf('Custom::S3AutoDeleteObjects')) {
      acknowledgeGuard(
        provider,
        'lambda_inside_vpc_check',
        'autoDeleteObjects’ provider (CDK library) only lists and deletes the objects of the buckets it empties, ' +
          'through S3’s public endpoint, when the stack deletes them (a rolled-back first create).',
      );
    }
  }

  /** BucketDeployment's provider: one Lambda function per stack, owned by the CDK library. */
  private acknowledgeDeploymentProvider(): void {
    for (const provider of this.providersOf('Custom::CDKBucketDeployment')) {
      acknowledge(
        provider,
        'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        'BucketDeployment’s provider function (CDK library) uses the basic execution role for its own logs; ' +
          'it runs only during deployments.',
      );
      acknowledge(
        provider,
        'AwsSolutions-L1',
        'BucketDeployment’s provider function runtime is chosen and updated by the CDK library (aws-cdk-lib), ' +
          'not by this project.',
      );
      // The library retains the provider's log group under a fixed name, which would block redeploying a stage
      // after a teardown; its lines (the deployments' copies) go with the stack.
      for (const child of provider.node.findAll()) {
        if (child instanceof CfnLogGroup) child.applyRemovalPolicy(RemovalPolicy.DESTROY);
      }
      acknowledgeGuard(
        provider,
        'lambda_inside_vpc_check',
        'BucketDeployment’s provider (CDK library) only copies from the CDK asset bucket to the site bucket and ' +
          'invalidates CloudFront, public AWS endpoints; it runs during deployments only.',
      );
      acknowledgeGuard(
        provider,
        'cloudwatch_log_group_encrypted_check',
        'BucketDeployment’s provider (CDK library) logs its copies here during deployments; CloudWatch Logs ' +
          'encrypts them with its service keys and they hold no secrets.',
      );
      acknowledgeLibraryWildcards(
        provider,
        'BucketDeployment’s provider function (CDK library) copies the SPA from the CDK asset bucket into the site ' +
          'bucket and invalidates the distribution: it needs read on the staged assets, write/delete on the site ' +
          'bucket’s objects, and CloudFront invalidation (which has no resource-level permissions).',
      );
    }
  }
}

/** wss://host/stage → wss://host (works on tokens: split on '/'). */
function originOf(url: string): string {
  return `wss://${Fn.select(2, Fn.split('/', url))}`;
}

function placeholderPage(siteDir: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Design Club</title></head>
<body><h1>Design Club</h1><p>The web app was not built before this deployment (${siteDir} was missing).
Run <code>npx vite build --config web/vite.config.ts</code> and <code>npx cdk deploy</code> again.</p></body></html>`;
}
