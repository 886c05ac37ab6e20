//! How the link to the floor is protected. The URL says it as libpq's do:
//! `sslmode=verify-full&sslrootcert=FILE` is TLS with the floor's certificate checked
//! against the floor's own CA (FILE, PEM) and its name against the URL's host; no
//! `sslmode` (or `disable`, `prefer`) is the link in clear, for a floor on a network the
//! casino trusts (ARCHITECTURE.md, "The floor"). The driver's URL parser knows neither
//! `verify-full` nor `sslrootcert`, so both are read here and the driver is given
//! `sslmode=require` (TLS or no connection). The TLS is rustls with ring: pure Rust, no
//! system OpenSSL to build against or to keep patched on a table's machine.

use std::path::PathBuf;
use std::sync::Arc;

use rustls::RootCertStore;
use rustls::pki_types::CertificateDer;
use rustls::pki_types::pem::PemObject;
use tokio_postgres_rustls::MakeRustlsConnect;

/// How to ask for a checked link, in the refusals' words.
const HOW: &str = "sslmode=verify-full&sslrootcert=FILE (FILE: the floor's CA certificate, PEM)";

/// What is wrong with the URL's TLS parameters or the CA file they name: nothing was tried.
#[derive(Debug, thiserror::Error)]
pub(crate) enum TlsError {
    #[error(
        "write the floor as a postgresql://user@host:port/dbname?sslmode=verify-full&sslrootcert=FILE URL to check its certificate"
    )]
    NotAUrl,
    #[error("sslmode=verify-full needs the floor's CA: {HOW}")]
    NoCa,
    #[error(
        "sslmode={mode} does not check that the server is the floor (anyone between the table and the floor could pose as it); use {HOW}"
    )]
    Unchecked { mode: String },
    #[error("sslrootcert goes with sslmode=verify-full: {HOW}")]
    CaWithoutVerify,
    #[error("sslrootcert={value}: a % must be followed by two hex digits")]
    BadPercent { value: String },
    #[error("sslrootcert={value}: not UTF-8 once decoded")]
    NotUtf8 { value: String },
    #[error("cannot read the floor's CA certificate {}: {error}", .file.display())]
    CaUnreadable {
        file: PathBuf,
        error: rustls::pki_types::pem::Error,
    },
    #[error("the floor's CA certificate {} is not PEM: {error}", .file.display())]
    CaNotPem {
        file: PathBuf,
        error: rustls::pki_types::pem::Error,
    },
    #[error(
        "{} holds no certificate (expected the floor's CA certificate, PEM: -----BEGIN CERTIFICATE-----)",
        .file.display()
    )]
    NoCertificate { file: PathBuf },
    #[error("the floor's CA certificate {} cannot be used: {error}", .file.display())]
    CaUnusable { file: PathBuf, error: rustls::Error },
    #[error("TLS: {0}")]
    Tls(rustls::Error),
}

/// The link's protection, read from the URL.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Protection {
    /// No TLS: `sslmode` absent, `disable` or `prefer`.
    Clear,
    /// TLS; the server's certificate must chain to the CA in this file and name the host.
    Verified { ca: PathBuf },
}

/// The URL the driver reads (our two parameters taken out, `verify-full` said as
/// `require`) and the link's protection; or what is wrong with the URL's TLS parameters.
pub(crate) fn protection(url: &str) -> Result<(String, Protection), TlsError> {
    let (base, query) = match url.split_once('?') {
        Some((b, q)) if url.contains("://") => (b, q),
        _ => {
            let lower = url.to_ascii_lowercase();
            if !url.contains("://") && (lower.contains("sslrootcert") || lower.contains("verify-"))
            {
                return Err(TlsError::NotAUrl);
            }
            return Ok((url.to_string(), Protection::Clear));
        }
    };
    let mut kept = Vec::new();
    let mut mode = None;
    let mut ca = None;
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        match k {
            "sslrootcert" => ca = Some(PathBuf::from(percent_decoded(v)?)),
            "sslmode" => mode = Some(v.to_string()),
            _ => kept.push(pair.to_string()),
        }
    }
    let protection = match (mode.as_deref(), ca) {
        (Some("verify-full"), Some(ca)) => {
            kept.push("sslmode=require".into());
            Protection::Verified { ca }
        }
        (Some("verify-full"), None) => {
            return Err(TlsError::NoCa);
        }
        (Some(m @ ("require" | "verify-ca")), _) => {
            return Err(TlsError::Unchecked {
                mode: m.to_string(),
            });
        }
        (_, Some(_)) => {
            return Err(TlsError::CaWithoutVerify);
        }
        (m, None) => {
            if let Some(m) = m {
                kept.push(format!("sslmode={m}"));
            }
            Protection::Clear
        }
    };
    let url = if kept.is_empty() {
        base.to_string()
    } else {
        format!("{base}?{}", kept.join("&"))
    };
    Ok((url, protection))
}

/// A rustls client that trusts only the certificates in `ca` (PEM, one or more).
pub(crate) fn connector(ca: &std::path::Path) -> Result<MakeRustlsConnect, TlsError> {
    let file = || ca.to_path_buf();
    let certs: Vec<CertificateDer<'static>> = CertificateDer::pem_file_iter(ca)
        .map_err(|error| TlsError::CaUnreadable {
            file: file(),
            error,
        })?
        .collect::<Result<_, _>>()
        .map_err(|error| TlsError::CaNotPem {
            file: file(),
            error,
        })?;
    if certs.is_empty() {
        return Err(TlsError::NoCertificate { file: file() });
    }
    let mut roots = RootCertStore::empty();
    for c in certs {
        roots.add(c).map_err(|error| TlsError::CaUnusable {
            file: file(),
            error,
        })?;
    }
    let config = rustls::ClientConfig::builder_with_provider(Arc::new(
        rustls::crypto::ring::default_provider(),
    ))
    .with_safe_default_protocol_versions()
    .map_err(TlsError::Tls)?
    .with_root_certificates(roots)
    .with_no_client_auth();
    Ok(MakeRustlsConnect::new(config))
}

/// Whether a connection failed because the server's certificate was refused (not the
/// floor's CA's, not for the URL's host, expired…): rustls's verdict, found in the
/// error's causes (the TLS adapter hands it over inside an `io::Error`).
pub(crate) fn certificate_refused(e: &postgres::Error) -> bool {
    let mut cause: Option<&(dyn std::error::Error + 'static)> = std::error::Error::source(e);
    while let Some(c) = cause {
        let inner = c
            .downcast_ref::<std::io::Error>()
            .and_then(|io| io.get_ref())
            .map(|i| i as &(dyn std::error::Error + 'static))
            .unwrap_or(c);
        if let Some(rustls::Error::InvalidCertificate(_)) = inner.downcast_ref::<rustls::Error>() {
            return true;
        }
        cause = c.source();
    }
    false
}

/// `%XX` decoded (a URL's parameter value); other bytes as they are.
fn percent_decoded(v: &str) -> Result<String, TlsError> {
    let b = v.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let hex = v
                .get(i + 1..i + 3)
                .and_then(|h| u8::from_str_radix(h, 16).ok())
                .ok_or_else(|| TlsError::BadPercent {
                    value: v.to_string(),
                })?;
            out.push(hex);
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8(out).map_err(|_| TlsError::NotUtf8 {
        value: v.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_url_says_how_the_link_is_protected() {
        let ok = |u: &str| protection(u).unwrap();
        let refused = |u: &str| protection(u).unwrap_err().to_string();
        assert_eq!(
            ok("postgresql://t@db:5432/floor"),
            ("postgresql://t@db:5432/floor".into(), Protection::Clear)
        );
        assert_eq!(
            ok("postgresql://t@db/floor?connect_timeout=3&sslmode=disable"),
            (
                "postgresql://t@db/floor?connect_timeout=3&sslmode=disable".into(),
                Protection::Clear
            )
        );
        assert_eq!(
            ok(
                "postgresql://t@db/floor?sslmode=verify-full&sslrootcert=/etc/croupier/floor%20ca.pem&connect_timeout=3"
            ),
            (
                "postgresql://t@db/floor?connect_timeout=3&sslmode=require".into(),
                Protection::Verified {
                    ca: "/etc/croupier/floor ca.pem".into()
                }
            )
        );
        assert!(
            refused("postgresql://t@db/floor?sslmode=verify-full").contains("needs the floor's CA")
        );
        assert!(refused("postgresql://t@db/floor?sslmode=require").contains("could pose as it"));
        assert!(
            refused("postgresql://t@db/floor?sslmode=verify-ca&sslrootcert=x")
                .contains("could pose as it")
        );
        assert!(
            refused("postgresql://t@db/floor?sslrootcert=x")
                .contains("goes with sslmode=verify-full")
        );
        assert!(
            refused("postgresql://t@db/floor?sslmode=verify-full&sslrootcert=%zz")
                .contains("two hex digits")
        );
        assert!(refused("host=db sslmode=verify-full sslrootcert=x").contains("postgresql://"));
        assert_eq!(ok("host=db user=t").1, Protection::Clear);
    }

    #[test]
    fn a_ca_file_that_is_missing_empty_or_not_pem_is_named() {
        let dir = std::env::temp_dir().join(format!("croupier-tls-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let missing = dir.join("missing.pem");
        assert!(
            connector(&missing)
                .err()
                .unwrap()
                .to_string()
                .contains("cannot read the floor's CA certificate")
        );
        let empty = dir.join("empty.pem");
        std::fs::write(&empty, "not a certificate\n").unwrap();
        assert!(
            connector(&empty)
                .err()
                .unwrap()
                .to_string()
                .contains("holds no certificate")
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
