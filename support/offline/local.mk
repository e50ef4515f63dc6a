################################################################################
#
# Offline build: package overrides (BR2_PACKAGE_OVERRIDE_FILE)
#
################################################################################

# Used only by offline.fragment. Buildroot includes this file before its
# packages: it points the host packages whose exact upstream tarball is not
# reachable offline at Debian's .orig trees of nearby versions, which
# ./prepare unpacks into output/offline/src/. Buildroot builds them with
# its own recipes; it does not apply its version-specific patches to an
# overridden source tree.

RUST_FOR_LINUX_OFFLINE = $(call qstrip,$(BR2_EXTERNAL_RUST_FOR_LINUX_PATH))/output/offline
RUST_FOR_LINUX_OFFLINE_SRC = $(RUST_FOR_LINUX_OFFLINE)/src

HOST_AUTOCONF_ARCHIVE_OVERRIDE_SRCDIR = $(RUST_FOR_LINUX_OFFLINE_SRC)/autoconf-archive
HOST_BISON_OVERRIDE_SRCDIR = $(RUST_FOR_LINUX_OFFLINE_SRC)/bison
HOST_E2FSPROGS_OVERRIDE_SRCDIR = $(RUST_FOR_LINUX_OFFLINE_SRC)/e2fsprogs
HOST_LIBTOOL_OVERRIDE_SRCDIR = $(RUST_FOR_LINUX_OFFLINE_SRC)/libtool
HOST_LIBZLIB_OVERRIDE_SRCDIR = $(RUST_FOR_LINUX_OFFLINE_SRC)/zlib
HOST_M4_OVERRIDE_SRCDIR = $(RUST_FOR_LINUX_OFFLINE_SRC)/m4
HOST_PKGCONF_OVERRIDE_SRCDIR = $(RUST_FOR_LINUX_OFFLINE_SRC)/pkgconf
HOST_UTIL_LINUX_OVERRIDE_SRCDIR = $(RUST_FOR_LINUX_OFFLINE_SRC)/util-linux
OPENSBI_OVERRIDE_SRCDIR = $(RUST_FOR_LINUX_OFFLINE_SRC)/opensbi

# Debian's kmod and patchelf .orig trees are git snapshots without a
# generated configure script.
HOST_KMOD_OVERRIDE_SRCDIR = $(RUST_FOR_LINUX_OFFLINE_SRC)/kmod
HOST_KMOD_AUTORECONF = YES
HOST_PATCHELF_OVERRIDE_SRCDIR = $(RUST_FOR_LINUX_OFFLINE_SRC)/patchelf
HOST_PATCHELF_AUTORECONF = YES

# No source of gettext-tiny (nor of the GNU gettext release it takes files
# from) and none of fakeroot is reachable offline. Their host packages
# install the build host's Debian tools instead ("override": the package
# files assign these variables after this file is read).
RUST_FOR_LINUX_DEBIAN_GETTEXT_TOOLS = autopoint msgfmt msgmerge xgettext msginit msgunfmt
RUST_FOR_LINUX_DEBIAN_GETTEXT_M4 = gettext host-cpu-c-abi iconv intlmacosx lib-ld lib-link \
	lib-prefix nls po progtest
HOST_GETTEXT_TINY_OVERRIDE_SRCDIR = $(RUST_FOR_LINUX_OFFLINE_SRC)/debian-tools
override HOST_GETTEXT_TINY_POST_EXTRACT_HOOKS =
override HOST_GETTEXT_TINY_POST_PATCH_HOOKS =
override HOST_GETTEXT_TINY_BUILD_CMDS =
override define HOST_GETTEXT_TINY_INSTALL_CMDS
	mkdir -p $(HOST_DIR)/bin
	$(foreach t,$(RUST_FOR_LINUX_DEBIAN_GETTEXT_TOOLS),\
		ln -sf /usr/bin/$(t) $(HOST_DIR)/bin/$(t)$(sep))
	mkdir -p $(HOST_DIR)/share/aclocal
	$(foreach m,$(RUST_FOR_LINUX_DEBIAN_GETTEXT_M4),\
		ln -sf /usr/share/aclocal/$(m).m4 $(HOST_DIR)/share/aclocal/$(m).m4$(sep))
endef

HOST_FAKEROOT_OVERRIDE_SRCDIR = $(RUST_FOR_LINUX_OFFLINE_SRC)/debian-tools
override HOST_FAKEROOT_CONFIGURE_CMDS =
override HOST_FAKEROOT_BUILD_CMDS =
override define HOST_FAKEROOT_INSTALL_CMDS
	mkdir -p $(HOST_DIR)/bin
	ln -sf /usr/bin/fakeroot $(HOST_DIR)/bin/fakeroot
	ln -sf /usr/bin/faked $(HOST_DIR)/bin/faked
endef

# The external toolchain is Debian's cross gcc, configured with
# --with-sysroot=/. check_unusable_toolchain (toolchain/helpers.mk) rejects
# such a compiler, because used directly it would search the build host's
# / for headers and libraries. Here it never is: Buildroot's toolchain
# wrapper passes --sysroot=$(STAGING_DIR) on every call (the tests check
# it), and prepare gives the copy a sysroot of its own. Only that one test
# is dropped; the rest of Buildroot's check stays.
RUST_FOR_LINUX_SYSROOT_TEST = test "$$$${with_sysroot}"  = "/"
ifeq ($(findstring $(RUST_FOR_LINUX_SYSROOT_TEST),$(value check_unusable_toolchain)),)
$(error support/offline/local.mk: Buildroot's check_unusable_toolchain has changed; review this file)
endif
$(eval define check_unusable_toolchain$(sep)$(subst $(RUST_FOR_LINUX_SYSROOT_TEST),false,$(value check_unusable_toolchain))$(sep)endef)
